import { createHospitalApp, loadStandardFeatures } from '@patient/app-shell';
import config from './hospital.config.ts';
import './theme.css';

void createHospitalApp(config, loadStandardFeatures).mount(document.getElementById('root')!);
