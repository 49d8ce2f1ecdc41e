import { hospitalApp } from '@patient/configs/vite';

export default hospitalApp(import.meta.url);
