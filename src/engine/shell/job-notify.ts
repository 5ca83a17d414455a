// A background job's end told to the model some other way (it read the final status): its
// queued notification goes, so the end is not announced twice. (ShellEngine.startNotified
// queues ends; ShellEngine.outputFile grants a job's log to the session's read tools.)
import { dropJobNotifications } from '../notifications.js';
import type { Session } from '../session.js';

export function endToldOtherwise(ctx: { session: Session }, id: string): void {
  dropJobNotifications(ctx.session, id);
}
