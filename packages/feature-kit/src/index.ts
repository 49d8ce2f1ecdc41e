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
  type Choice,
  ChoiceGroup,
  InfoList,
  LoadError,
  type LoadErrorProps,
  LoadingView,
  type LoadingViewProps,
  StatusBadge,
  StatusBanner,
  type StatusLook,
} from './views.tsx';
