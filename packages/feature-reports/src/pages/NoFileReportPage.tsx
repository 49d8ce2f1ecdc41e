import { NoFile } from '../NoFile.tsx';
import '@patient/feature-kit/base.css';
import '../reports.css';

/** 暂无档案 (/noFile/searchReport?contactId=, loads patients): no record here, so no reports; how to file one. */
export default function NoFileReportPage() {
  return <NoFile what="报告" />;
}
