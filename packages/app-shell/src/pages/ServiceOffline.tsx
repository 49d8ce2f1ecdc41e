import { ShellMessage } from './ShellMessage.tsx';

/** /404: the service-offline screen (001 §2). Hospitals route services they have taken offline here. */
export default function ServiceOffline() {
  return <ShellMessage kind="offline" text="该服务暂未开放或已下线，请通过医院其他渠道办理" />;
}
