/** The queue routes (000 §2 'Queue') and the links between them. */
export const QUEUE_ROUTES = {
  index: '/queueIndex',
  indexFor: '/queueIndex/:contactId/:selectType',
  signIn: '/callingQueuing',
  queues: '/realqueue',
  detail: '/realqueue/detail/:id/:name',
  play: '/realqueue/detailPlay/:id/:name',
} as const;

export const indexPath = (contactId: string, tab: number) =>
  `/queueIndex/${encodeURIComponent(contactId)}/${tab}`;
export const detailPath = (queueId: string, name: string) =>
  `/realqueue/detail/${encodeURIComponent(queueId)}/${encodeURIComponent(name)}`;
export const playPath = (queueId: string, name: string) =>
  `/realqueue/detailPlay/${encodeURIComponent(queueId)}/${encodeURIComponent(name)}`;

/** A queue id from a link: our ids are numbers. */
export const isQueueId = (value: string | undefined): value is string => !!value && /^\d{1,10}$/.test(value);
