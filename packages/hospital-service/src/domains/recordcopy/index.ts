/** Medical record copies: applications, their fee through payments, review, posting or pickup, tracking. */
export {
  type Courier,
  CourierRefusal,
  type Journey,
  type Parcel,
  type Shipment,
  SimulatedCourier,
} from './courier.ts';
export { nextStatus, registerRecordCopyDevRoutes } from './dev.ts';
export { erasePersonalData } from './erasure.ts';
export {
  RECORD_COPY_HIS_NAME,
  type RecordCopyHis,
  SimulatedRecordCopyHis,
} from './his.ts';
export { Kuaidi100Courier, kuaidi100From } from './kuaidi100.ts';
export { recordCopyPayable } from './payable.ts';
export { MAX_OPEN_APPLICATIONS, recordCopyRoutes } from './routes.ts';
export * from './tables.ts';

import { defineDomain } from '../../platform/module.ts';
import { SimulatedCourier } from './courier.ts';
import { kuaidi100From } from './kuaidi100.ts';
import './deps.ts';
import { registerRecordCopyDevRoutes } from './dev.ts';
import { SimulatedRecordCopyHis } from './his.ts';
import { recordCopyPayable } from './payable.ts';
import { recordCopyRoutes } from './routes.ts';
import * as tables from './tables.ts';

/** Medical record copies, posted by the courier (no seed). */
export const recordcopyModule = defineDomain({
  name: 'recordcopy',
  tables,
  ports: {
    courier: ({ env, clock }) => kuaidi100From(env) ?? new SimulatedCourier(clock),
    recordCopyHis: () => new SimulatedRecordCopyHis(),
  },
  routes: ({ ports }) => recordCopyRoutes(ports.courier, ports.recordCopyHis),
  payables: [recordCopyPayable],
  devRoutes: (app, { deps, ports }) => registerRecordCopyDevRoutes(app, deps, ports.courier),
});
