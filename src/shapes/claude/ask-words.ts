// Claude Code's words for a question to the person that was not answered yes. A refusal the
// host words (its message) is passed on verbatim, as Claude Code does; where Claude Code was
// never seen answering (a dismissed question, no answer in time, no person attached: it does
// not send these tools then), the words are ours, in its plain style.
import type { NotAccepted } from '../kit/host/questions.js';

/** The text the model sees, with `declined` for a refusal that came without a message. */
export function notAcceptedText(outcome: NotAccepted, declined: string): string {
  switch (outcome.action) {
    case 'decline':
      return outcome.message ?? declined;
    case 'cancel':
      return 'The user dismissed the question without answering. Do not assume an answer: continue with what you know, or ask again when it matters.';
    case 'timeout':
      return 'No answer came from the user in the time allowed. Continue without the answer, stating what you assumed, or ask again later.';
    case 'unavailable':
      return 'No user is available to answer in this session. Decide for yourself, state what you assumed, and continue.';
  }
}
