import { api } from '@patient/api-client';
import { type ScreeningForm, submitScreening } from '@patient/contract';
import { type Answers, BadLink, InfoList, Questionnaire } from '@patient/feature-kit';
import { maskIdCard, maskName } from '@patient/validation';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CommunityFrame, Steps } from '../community.tsx';
import { clearDraft, readDraft, type ScreeningDraft } from '../draft.ts';
import '@patient/feature-kit/base.css';
import '../screening.css';

function Questions({ form, draft }: { form: ScreeningForm; draft: Required<ScreeningDraft> }) {
  const navigate = useNavigate();
  const person = draft.person!;

  const send = async (answers: Answers) => {
    const result = await api.request(submitScreening, {
      body: {
        communityId: form.community.communityId,
        name: person.name,
        identityCard: person.identityCard,
        phone: person.phone,
        address: person.address,
        health: draft.health!,
        answers,
      },
    });
    clearDraft();
    navigate('/diseaseScreeningSuccess', {
      replace: true,
      state: { result, person: { identityCard: person.identityCard, name: person.name } },
    });
  };

  return (
    <div className="fk-page">
      <Steps current={2} />
      <InfoList
        label="筛查居民"
        rows={[
          ['社区', `${form.street.name} · ${form.community.name}`],
          ['居民', maskName(person.name)],
          ['身份证号', maskIdCard(person.identityCard)],
        ]}
      />
      <Questionnaire
        questions={form.questions}
        onSubmit={send}
        submitText="提交问卷"
        confirmTitle="提交筛查问卷"
        confirmMessage="每位居民每次筛查只能提交一次，提交后不能修改。确定提交吗？"
        cancelText="再检查一下"
      />
    </div>
  );
}

/**
 * 风险筛查问卷 (/questionnaireDetail): the campaign's risk questions from the service (one choice or several;
 * a missing required one is named), who and where above (masked); 提交问卷 after a confirm (once, no changes
 * after) → the service computes the result → /diseaseScreeningSuccess. Without the two forms first: says so.
 */
export default function QuestionnairePage() {
  const [draft] = useState(() => readDraft());
  if (!draft?.person || !draft.health) {
    return (
      <BadLink page message="请先选择社区并填写个人和健康信息" to="/screeningList" back="查看筛查活动" />
    );
  }
  return (
    <CommunityFrame communityId={draft.communityId} communityName={draft.communityName}>
      {(form) => <Questions form={form} draft={draft as Required<ScreeningDraft>} />}
    </CommunityFrame>
  );
}
