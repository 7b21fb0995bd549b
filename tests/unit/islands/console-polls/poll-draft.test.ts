import { describe, expect, it } from 'vitest';
import { draftOf, emptyForm, formOf, moved, previewOf } from '~/islands/console-polls/poll-draft';

describe('the poll editor\'s draft', () => {
  it('sends only the parts of the poll\'s kind, leaving out empty new alternatives', () => {
    const form = { ...emptyForm(), title: ' Coffee? ', alternatives: [{ text: 'Yes', color: '', isCorrect: false }, { text: ' ', color: '', isCorrect: false }, { id: 9, text: 'No', color: '#ff0000', isCorrect: false }] };
    expect(draftOf(form)).toMatchObject({ title: 'Coffee?', questionType: 0, alternatives: [{ text: 'Yes', color: null }, { id: 9, text: 'No', color: '#ff0000' }], scale: null, items: [], code: null });
  });

  it('labels a rating\'s unnamed points with their numbers and sends its scale', () => {
    const draft = draftOf({ ...emptyForm(), title: 'Rate', questionType: 10, scale: 3 });
    expect(draft).toMatchObject({ scale: 3, alternatives: [{ text: '1' }, { text: '2' }, { text: '3' }] });
  });

  it('reads a stored quiz back into the form with its questions and correct answers', () => {
    const form = formOf({
      id: 1, title: 'Fjords', question: '', description: null, questionType: 2, alternatives: [], publicResults: false, commentsEnabled: false,
      code: null, isOpen: false, accessKey: 'k', answers: 0,
      items: [{ id: 2, title: 'Longest', question: '', alternatives: [{ id: 3, text: 'Sogne', color: null, isCorrect: true, value: null }] }],
    });
    expect(draftOf(form)).toMatchObject({ items: [{ id: 2, title: 'Longest', alternatives: [{ id: 3, text: 'Sogne', isCorrect: true }] }], alternatives: [] });
  });

  it('moves an entry within the list and never past its ends', () => {
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 1, -5)).toEqual(['b', 'a', 'c']);
  });

  it('previews the form as an attendee\'s open, unanswered poll: blank alternatives left out, a rating\'s points from its scale, a quiz\'s questions as items', () => {
    const choice = previewOf({ ...emptyForm(), title: 'Coffee?', alternatives: [{ text: 'Yes', color: '', isCorrect: false }, { text: '', color: '', isCorrect: false }, { text: 'No', color: '#ff0000', isCorrect: false }] });
    expect(choice).toMatchObject({ title: 'Coffee?', questionType: 0, isOpen: true, isAnswered: false, items: [] });
    expect(choice.alternatives.map((a) => [a.text, a.color])).toEqual([['Yes', null], ['No', '#ff0000']]);
    expect(previewOf({ ...emptyForm(), title: 'Rate', questionType: 10, scale: 3 }).alternatives.map((a) => [a.text, a.value])).toEqual([['1', 1], ['2', 2], ['3', 3]]);
    const quiz = previewOf({ ...emptyForm(), title: 'Fjords', questionType: 2, items: [{ title: 'Longest?', question: '', alternatives: [{ text: 'Sogn', color: '', isCorrect: true }, { text: 'Oslo', color: '', isCorrect: false }] }] });
    expect(quiz.items.map((item) => [item.poll.title, item.poll.hasOneCorrectAnswer, item.poll.alternatives.map((a) => a.text)])).toEqual([['Longest?', true, ['Sogn', 'Oslo']]]);
    expect(new Set([quiz.id, ...quiz.items.map((i) => i.id), ...quiz.items.flatMap((i) => i.poll.alternatives.map((a) => a.id))]).size).toBe(4);
  });
});
