import { DocumentView } from './DocumentView.tsx';

/** 隐私政策 (/privacy/policy): the hospital's current version, readable before login. */
export default function PolicyPage() {
  return <DocumentView kind="POLICY" />;
}
