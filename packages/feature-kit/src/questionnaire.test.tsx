import type { Question } from '@patient/contract';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type Answers, collectAnswers, Questionnaire } from './questionnaire.tsx';
import { answerDialog } from './testing.tsx';

afterEach(cleanup);

const questions: Question[] = [
  {
    questionId: 'q1',
    title: '您对本次就诊的整体感受',
    type: 'SINGLE',
    required: true,
    options: [
      { value: '5', label: '非常满意' },
      { value: '1', label: '不满意：等候时间过长，候诊区座位不足，叫号信息看不清楚，希望能够改进' },
    ],
  },
  {
    questionId: 'q2',
    title: '您出现过哪些症状',
    type: 'MULTIPLE',
    required: false,
    options: [
      { value: 'fever', label: '发热' },
      { value: 'pain', label: '疼痛' },
    ],
  },
  { questionId: 'q3', title: '意见或建议', type: 'TEXT', required: false, options: [] },
];

function setup(readOnly = false, answers?: Answers) {
  const sent: Answers[] = [];
  render(
    <Questionnaire
      questions={questions}
      answers={answers}
      readOnly={readOnly}
      onSubmit={async (a) => {
        sent.push(a);
      }}
    />,
  );
  return sent;
}

describe('Questionnaire', () => {
  it('refuses a required question left empty, naming it, and sends nothing', async () => {
    const sent = setup();
    await act(async () => screen.getByRole('button', { name: '提交' }).click());
    expect(screen.getByRole('alert').textContent).toBe('请回答第1题：您对本次就诊的整体感受');
    expect(document.activeElement?.id).toBe('question-q1');
    expect(sent).toEqual([]);
  });

  it('asks to confirm; cancelled, nothing is sent; confirmed, the answers are', async () => {
    const sent = setup();
    await act(async () => screen.getByRole('radio', { name: /不满意/ }).click());
    await act(async () => screen.getByRole('checkbox', { name: '疼痛' }).click());
    await act(async () => screen.getByRole('checkbox', { name: '发热' }).click());
    await userEvent.type(screen.getByRole('textbox', { name: '意见或建议' }), ' 多些座位 {enter}{enter}谢谢');
    const text = await answerDialog(() => screen.getByRole('button', { name: '提交' }).click(), '取消');
    expect(text).toContain('提交后不能修改');
    expect(sent).toEqual([]);
    await answerDialog(() => screen.getByRole('button', { name: '提交' }).click(), '确定提交');
    await act(async () => {});
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent).toEqual([{ q1: ['1'], q2: ['pain', 'fever'], q3: ['多些座位', '谢谢'] }]);
  });

  it('shows given answers read-only, without 提交', () => {
    setup(true, { q1: ['5'], q3: ['很好'] });
    expect((screen.getByRole('radio', { name: '非常满意' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: '非常满意' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('很好');
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: '提交' })).toBeNull();
  });

  it('clears the other options when a `none` option is chosen, and it when another is', async () => {
    render(
      <Questionnaire
        questions={[
          {
            questionId: 'h',
            title: '您正在服用哪些药物',
            type: 'MULTIPLE',
            required: true,
            options: [
              { value: 'a', label: '降压药' },
              { value: 'b', label: '降糖药' },
              { value: 'none', label: '以上都没有', none: true },
            ],
          },
        ]}
        onSubmit={async () => {}}
      />,
    );
    const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
    await act(async () => box('降压药').click());
    await act(async () => box('降糖药').click());
    await act(async () => box('以上都没有').click());
    expect([box('降压药').checked, box('降糖药').checked, box('以上都没有').checked]).toEqual([
      false,
      false,
      true,
    ]);
    await act(async () => box('降压药').click());
    expect([box('降压药').checked, box('以上都没有').checked]).toEqual([true, false]);
  });

  it('collects answers: text split in paragraphs, the first missing required question named', () => {
    const two = [
      { questionId: 'q1', title: 'A', type: 'SINGLE' as const, required: true, options: [] },
      { questionId: 'q2', title: 'B', type: 'TEXT' as const, required: false, options: [] },
    ];
    expect(collectAnswers(two, {}, {})).toEqual({ missing: '请回答第1题：A', questionId: 'q1' });
    expect(collectAnswers(two, { q1: ['x'] }, { q2: ' 一\n\n二 ' })).toEqual({
      answers: { q1: ['x'], q2: ['一', '二'] },
    });
  });
});
