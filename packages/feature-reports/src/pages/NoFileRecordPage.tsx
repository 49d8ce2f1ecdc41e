import { NoFile } from '../NoFile.tsx';
import '@patient/feature-kit/base.css';
import '../reports.css';

/** 暂无档案 (/noFile/patientRecord?contactId=): no record at this hospital, and how to file one. */
export default function NoFileRecordPage() {
  return <NoFile what="健康档案" />;
}
