import type { ServerFrame } from '~/contracts/realtime';
import type { Broker } from './broker';
import { encodeFrame } from './frames';

/** What every socket of a node hears when messages of a broker gap may be lost (docs/realtime.md "Resync"). */
export const RESYNC_FRAME = encodeFrame({ type: 'resync' } satisfies ServerFrame);

/** The control message by which a node whose publish failed tells every node to resync, once the broker takes it. */
const RESYNC_MESSAGE = Buffer.from(JSON.stringify({ type: 'resync' }));

/** How often a node tries the broker again after a failed publish. */
const RETRY_MS = 500;
/**
 * How long after the broker took the resync a node sends again the session ends it could not
 * send: every node tries Redis again at least once a second (redis-options.ts), so by then the
 * others listen again too.
 */
export const RESEND_AFTER_MS = 2000;
/** Most session ends kept for a resend; beyond this the oldest go (a long outage of a busy node). */
const MAX_UNSENT = 1000;

/**
 * A hub's answer to messages the broker lost. The broker's own reconnect catches this node's
 * sockets up; a publish that failed while this node's subscription stayed up (or came back first)
 * would still be missed everywhere, so after any failed publish the node keeps trying to send
 * every node a resync, and then the session ends it kept.
 */
export function createResync(broker: Pick<Broker, 'publishControl'>, onFailure: (what: string, error: unknown) => void) {
  const unsentEnds: Buffer[] = [];
  let retry: NodeJS.Timeout | undefined;
  let isStopped = false;

  function attempt(): void {
    broker.publishControl(RESYNC_MESSAGE).then(() => {
      retry = undefined;
      const ends = unsentEnds.splice(0);
      if (ends.length > 0) setTimeout(() => { for (const end of ends) void resend(end); }, RESEND_AFTER_MS).unref();
    }, () => {
      retry = isStopped ? undefined : setTimeout(attempt, RETRY_MS).unref();
    });
  }

  async function resend(end: Buffer): Promise<void> {
    try {
      await broker.publishControl(end);
    } catch (error) {
      failed('session end', error, end);
    }
  }

  /** A publish failed; `sessionEnd` is kept to be sent again. */
  function failed(what: string, error: unknown, sessionEnd?: Buffer): void {
    onFailure(what, error);
    if (sessionEnd) {
      unsentEnds.push(sessionEnd);
      if (unsentEnds.length > MAX_UNSENT) unsentEnds.shift();
    }
    if (!retry && !isStopped) retry = setTimeout(attempt, RETRY_MS).unref();
  }

  return {
    failed,
    /** Whether a control message is another node's (or this one's) resync. */
    isResync: (message: Buffer): boolean => message.equals(RESYNC_MESSAGE),
    stop(): void {
      isStopped = true;
      clearTimeout(retry);
    },
  };
}
