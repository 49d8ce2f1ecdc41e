import { EmptyState } from '@patient/ui-kit';
import { Link } from 'react-router-dom';
import '../shell.css';

/** /404: the service-offline screen (001 §2). Hospitals route services they have taken offline here. */
export default function ServiceOffline() {
  return (
    <main className="shell-page">
      <EmptyState text="该服务暂未开放或已下线，请通过医院其他渠道办理">
        <Link className="shell-button" to="/homepage" replace>
          返回首页
        </Link>
      </EmptyState>
    </main>
  );
}
