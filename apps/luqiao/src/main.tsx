import { createHospitalApp, STANDARD_FEATURES } from '@patient/app-shell';
import config from './hospital.config.ts';
import './theme.css';

void createHospitalApp(config, STANDARD_FEATURES).mount(document.getElementById('root')!);
