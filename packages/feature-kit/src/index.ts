export {
  type ContactsView,
  ensureContacts,
  type LoadState,
  RELATION_OPTIONS,
  type Relation,
  relationLabel,
  reloadContacts,
  sortContacts,
  useContacts,
} from './contacts.ts';
export { errorText, type Remote, useRemote } from './useRemote.ts';
export {
  BadLink,
  type BadLinkProps,
  LoadError,
  type LoadErrorProps,
  LoadingView,
  type LoadingViewProps,
} from './views.tsx';
