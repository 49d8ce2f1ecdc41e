import { testPreset } from '@patient/configs/vitest';

export default testPreset({ environment: 'jsdom' });
