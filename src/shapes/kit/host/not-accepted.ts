// The words for a question to the person that was not answered yes, where the vendor's are not
// known. A refusal the host words (its message) is passed on verbatim, as Claude Code does; a
// dismissed question, no answer in time and no person attached are never seen in the vendors'
// runs (they do not send these tools then): those words are Facet's own, plain sentences, the
// same in every dialect that has no words of its own for them.
import type { NotAccepted } from './questions.js';

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
