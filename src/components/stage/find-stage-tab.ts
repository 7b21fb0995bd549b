import type { StageMode, StageTab } from '~/contracts/stage';
import { app } from '~/server/app';

/**
 * The tab a panel request names, if the signed-in attendee's page of that mode shows it (the
 * same flags and content rules as the page): 'signed-out' without a user, undefined otherwise.
 */
export async function findStageTab(locals: App.Locals, mode: StageMode, id: string | undefined): Promise<StageTab | 'signed-out' | undefined> {
  const { event, user, t } = locals;
  if (!event || !user) return 'signed-out';
  const { tabs, chat } = await app().stage.tabs({ event, mode, t });
  return [...tabs, ...(chat ? [chat] : [])].find((tab) => tab.id === id);
}
