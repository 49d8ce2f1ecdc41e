export { ContactPicker, ContactsPending } from './contact-views.tsx';
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
export { type Base64File, fileBlob, saveFile } from './download.ts';
export { isHisIdentityRequired, verifyIdentityPath } from './hisIdentity.ts';
export { useHospitalId } from './hospital.ts';
export {
  NeedsHospital,
  NO_HOSPITAL_TEXT,
  NoHospital,
  type NoHospitalProps,
  RemotePage,
  type RemotePageProps,
  RemoteState,
  type RemoteStateProps,
  useHospitalRemote,
} from './page.tsx';
export {
  PayButton,
  type PayButtonProps,
  PayChooser,
  type PayFlow,
  PayFooter,
  PaymentNotice,
  payButtonText,
  usePayFlow,
} from './payment-views.tsx';

export {
  compressPhoto,
  type PhotoBatch,
  PhotoProblem,
  type PhotoRefusal,
  uploadPhoto,
  uploadPhotos,
} from './photos.ts';
export {
  type Answers,
  collectAnswers,
  Questionnaire,
  type QuestionnaireProps,
  type QuestionnaireQuestion,
} from './questionnaire.tsx';
export { onBackAgain, useRetryWhenBack } from './retry.ts';
export { errorText, type Remote, useRemote } from './useRemote.ts';
export {
  BadLink,
  type BadLinkProps,
  type Choice,
  ChoiceGroup,
  FollowUpIntro,
  InfoList,
  LoadError,
  type LoadErrorProps,
  LoadingView,
  type LoadingViewProps,
  StatusBadge,
  StatusBanner,
  type StatusLook,
  VerifyIdentityPrompt,
  type VerifyIdentityPromptProps,
} from './views.tsx';
