import { DocumentView } from './DocumentView.tsx';

/** 用户协议 (/privacy/agreement): the hospital's current version, readable before login. */
export default function AgreementPage() {
  return <DocumentView kind="AGREEMENT" />;
}
