// bench:cluster's vote phases: a burst through both nodes beside one node, a node
// killed in the middle of a burst. Helpers in cluster-phases.mjs.
import { call, choiceOf, expectedCounts, forkHelper, merge, nodeNames, openSockets, split } from './cluster-phases.mjs';
import { percentile } from './bench-kit.mjs';
import { difference, readNode } from './cluster-overload.mjs';

const tallyPath = (ctx, poll) => `/api/liveEvent/${ctx.eventId}/liveGetPoll/${poll.id}/0`;

async function readTally(ctx, port, poll) {
  const answer = await call(port, 'GET', tallyPath(ctx, poll), ctx.hostOf(port), undefined, { authorization: `Bearer ${ctx.tokens[0]}` });
  if (answer.status !== 200) throw new Error(`liveGetPoll answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  const byId = new Map(answer.json.alternatives.map((a) => [a.id, a.count]));
  const counts = poll.alternatives.map((id) => byId.get(id) ?? 0);
  return { total: answer.json.allVoteCount ?? counts.reduce((a, b) => a + b, 0), counts };
}

/** Every attendee votes once on `poll` through nginx's `port`, spread over the window; `during(t0)` runs beside. */
async function burst(ctx, port, poll, during) {
  const N = ctx.settings.voters;
  const slots = split(N, 2);
  const voters = slots.map(() => forkHelper(ctx, 'votes-voter.mjs', { port, host: ctx.hostOf(port), maxSockets: 48 }));
  await Promise.all(voters.map((v) => v.ready));
  const t0 = performance.timeOrigin + performance.now() + 300;
  const body = (i) => JSON.stringify({ PollID: poll.id, QuestionType: 0, Alternatives: [poll.alternatives[choiceOf(i)]] });
  const asked = Promise.all(voters.map((v, k) => v.ask({
    type: 'vote', path: `/api/liveEvent/${ctx.eventId}/liveStorePollAnswer`, t0, intervalMs: ctx.settings.windowMs / N, slots: slots[k],
    tokens: slots[k].map((i) => ctx.tokens[i]), bodies: slots[k].map(body), timeoutMs: ctx.settings.windowMs + 40_000, // a shed vote is retried for up to 30 s (src/lib/shed-retry.ts)
  })));
  const beside = during ? during(t0) : Promise.resolve();
  const results = await asked;
  await beside;
  for (const v of voters) v.child.kill('SIGKILL');
  const acked = new Set();
  results.forEach((r, k) => r.latency.forEach((ms, j) => { if (ms !== null) acked.add(slots[k][j]); }));
  const latency = Float64Array.from(results.flatMap((r) => r.latency.filter((x) => x !== null))).sort();
  const statuses = merge(results.map((r) => r.statuses));
  return { acked, statuses, unanswered: results.reduce((s, r) => s + r.unanswered, 0), shedAndRetried: results.reduce((s, r) => s + (r.shed ?? 0), 0), resentAfterLost: results.reduce((s, r) => s + (r.resentLost ?? 0), 0), ackP50Ms: percentile(latency, 50), ackP99Ms: percentile(latency, 99), lastAckAt: Math.max(...results.map((r) => r.lastAckAt)) };
}

/** Attendee indices whose answer to `poll` is stored (emails voter-<i>@…). */
async function storedVoters(ctx, poll) {
  const rows = await ctx.database.query('select u.email from poll_answers a join users u on u.id = a.user_id where a.poll_id = $1', [poll.id]);
  return new Set(rows.map((r) => Number(/voter-(\d+)@/.exec(r.email)?.[1])));
}

async function settle(ctx, sockets, port, poll, burstResult) {
  let tally = await readTally(ctx, port, poll);
  for (let tries = 0; burstResult.unanswered > 0 && tries < 10; tries += 1) {
    await ctx.sleep(500);
    const again = await readTally(ctx, port, poll);
    if (again.total === tally.total) break;
    tally = again;
  }
  const finals = await Promise.all(sockets.clients.map((c) => c.ask({ type: 'final', total: tally.total, timeoutMs: 5000 })));
  const open = finals.reduce((s, f) => s + f.open, 0);
  const holding = finals.reduce((s, f) => s + f.holding, 0);
  return {
    tally, open, holding, holdingByNode: nodeNames(ctx, merge(finals.map((f) => f.holdingByNode))), openByNode: nodeNames(ctx, merge(finals.map((f) => f.openByNode))),
    settleMs: holding ? Math.round(Math.max(...finals.map((f) => f.lastArrival)) - burstResult.lastAckAt) : null,
  };
}

async function votePhase(ctx, port, key, keepOpen) {
  const N = ctx.settings.voters;
  const poll = ctx.polls[key];
  const sockets = await openSockets(ctx, port, Math.min(N, ctx.settings.listeners), ctx.tokens);
  await ctx.sleep(1000);
  await Promise.all(sockets.clients.map((c) => c.ask({ type: 'reset', path: tallyPath(ctx, poll) })));
  const shedBefore = await Promise.all(ctx.nodes.map((n) => readNode(n.port)));
  const result = await burst(ctx, port, poll);
  // Which rule refused the votes that were shed (and retried), on each node.
  const shedByNode = Object.fromEntries((await Promise.all(ctx.nodes.map((n) => readNode(n.port))))
    .map((after, i) => [String.fromCharCode(65 + i), difference(after.shed, shedBefore[i].shed)]));
  const end = await settle(ctx, sockets, port, poll, result);
  const stored = await storedVoters(ctx, poll);
  if (keepOpen) ctx.clusterSockets = sockets; else sockets.close();
  const countsAsExpected = JSON.stringify(end.tally.counts) === JSON.stringify(expectedCounts(N));
  return {
    sockets: sockets.summary.connected, socketsOpenMs: sockets.summary.connectMs, socketStatuses: sockets.summary.statuses, socketsByNode: sockets.summary.byNode, votesAcknowledged: result.acked.size, statuses: result.statuses, shedAndRetried: result.shedAndRetried, shedByNode,
    ackP50Ms: result.ackP50Ms, ackP99Ms: result.ackP99Ms, finalTally: end.tally.total, countsAsExpected,
    votesLost: N - end.tally.total, duplicates: Math.max(0, stored.size - result.acked.size - result.unanswered),
    socketsHoldingFinal: end.holding, holdingByNode: end.holdingByNode, settleMs: end.settleMs,
  };
}

export async function votes(ctx) {
  const single = await votePhase(ctx, ctx.singlePort, 'single', false);
  const cluster = await votePhase(ctx, ctx.clusterPort, 'cluster', ctx.settings.phases.includes('failover'));
  const N = ctx.settings.voters;
  return {
    single, cluster,
    goal: { votes: N, windowMs: ctx.settings.windowMs, met: cluster.votesLost === 0 && cluster.duplicates === 0 && cluster.countsAsExpected && cluster.socketsHoldingFinal === cluster.sockets && Object.keys(cluster.holdingByNode).length === ctx.settings.nodes },
  };
}

/**
 * Presence after the kill, read from node A every 500 ms and held against what the server
 * promises (docs/presence.md): every attendee with a socket open for a coalescing moment, and
 * every attendee of the dead node within the grace of their drop, is listed (so nobody flaps);
 * nobody gone longer than the grace plus one renewal round is. `settledMs` is when the list came
 * within those bounds for good; `belowDuringGrace` counts reads during the grace that listed
 * fewer than must be (attendees shown offline while they were still within their grace).
 * The watch ends once every dropped socket is back (or gone past the grace) and the list is within bounds.
 */
/** In the failover phase every 10th attendee of the dead node does not come back (closed the laptop). */
const STAY_AWAY_EVERY = 10;

async function watchPresence(ctx, sockets, killAt) {
  const { settings } = ctx;
  const coalesceSlackMs = 2000;
  const bounds = { graceMs: settings.presenceGraceMs, mayListMs: settings.presenceGraceMs + settings.presenceRefreshMs + coalesceSlackMs, slackMs: coalesceSlackMs };
  const limit = killAt + bounds.mayListMs + 30_000;
  const at = () => Math.round(performance.timeOrigin + performance.now() - killAt);
  // The list is read from node A, which may be shedding while the burst drains: a 503 says
  // nothing about presence, so those reads are counted apart (`unansweredReads`).
  let unansweredReads = 0;
  let reads = 0;
  let outOfBounds = 0;
  let belowDuringGrace = 0;
  let settledMs = null;
  let lastOut = null;
  let last = null;
  while (performance.timeOrigin + performance.now() < limit) {
    const answer = await call(ctx.singlePort, 'GET', `/api/liveEvent/${ctx.eventId}/users/online`, ctx.hostOf(ctx.singlePort), undefined, { authorization: `Bearer ${ctx.tokens[0]}` }).catch(() => ({ status: 0 }));
    const views = await Promise.all(sockets.clients.map((c) => c.ask({ type: 'presence', ...bounds })));
    const readAt = at();
    if (answer.status !== 200) {
      unansweredReads += 1;
    } else {
      reads += 1;
      const online = answer.json.online.length;
      const mustList = views.reduce((s, v) => s + v.mustList, 0);
      const mayList = views.reduce((s, v) => s + v.mayList, 0);
      last = { atMs: readAt, online, mustList, mayList };
      if (online < mustList || online > mayList) {
        outOfBounds += 1;
        settledMs = null;
        lastOut = last;
        if (readAt < settings.presenceGraceMs && online < mustList) belowDuringGrace += 1;
      } else {
        settledMs ??= readAt;
      }
      const pending = views.reduce((s, v) => s + v.pending, 0);
      // Done once nobody is between "must" and "must not" any more: all back, the rest past the grace.
      if (settledMs !== null && pending === 0 && readAt >= bounds.mayListMs && mayList === mustList) break;
    }
    await ctx.sleep(500);
  }
  return { reads, outOfBounds, belowDuringGrace, settledMs, lastOutOfBounds: lastOut, last, unansweredReads, mayListMs: bounds.mayListMs };
}

export async function failover(ctx) {
  const { settings } = ctx;
  const N = settings.voters;
  const poll = ctx.polls.failover;
  const sockets = ctx.clusterSockets ?? await openSockets(ctx, ctx.clusterPort, Math.min(N, settings.listeners), ctx.tokens);
  ctx.clusterSockets = undefined;
  const before = sockets.summary.byNode;
  await Promise.all(sockets.clients.map((c) => c.ask({ type: 'reset', path: tallyPath(ctx, poll), stayAway: STAY_AWAY_EVERY })));
  const victim = ctx.nodes[ctx.nodes.length - 1];
  let killAt = 0;
  let presence;
  const result = await burst(ctx, ctx.clusterPort, poll, async (t0) => {
    await ctx.sleep(t0 - (performance.timeOrigin + performance.now()) + settings.windowMs / 2);
    killAt = performance.timeOrigin + performance.now();
    process.kill(-victim.pid, 'SIGKILL');
    ctx.say(`killed node ${String.fromCharCode(64 + ctx.nodes.length)} (:${victim.port}) with SIGKILL mid-burst`);
    // Watched from the kill on, while the burst goes on (not after it).
    presence = watchPresence(ctx, sockets, killAt);
  });
  const presenceResult = await presence;
  const reconnects = await Promise.all(sockets.clients.map((c) => c.ask({ type: 'reconnects', waitMs: 40_000 })));
  const durations = Float64Array.from(reconnects.flatMap((r) => r.durationList)).sort();
  const doneAts = reconnects.filter((r) => r.lastDoneAt).map((r) => r.lastDoneAt);
  const end = await settle(ctx, sockets, ctx.singlePort, poll, result);
  const stored = await storedVoters(ctx, poll);
  sockets.close();
  const ackedNotStored = [...result.acked].filter((i) => !stored.has(i)).length;
  const handshakeStatuses = merge(reconnects.map((r) => r.statuses));
  const fiveXX = (o) => Object.entries(o).filter(([s]) => Number(s) >= 500).reduce((sum, [, n]) => sum + n, 0);
  // A histogram of reconnect times in 1-second buckets: the spread (no herd) at a glance.
  const histogram = {};
  for (const ms of durations) histogram[Math.floor(ms / 1000)] = (histogram[Math.floor(ms / 1000)] ?? 0) + 1;
  return {
    socketsBefore: before, killedNode: String.fromCharCode(64 + ctx.nodes.length), killAtMsIntoBurst: Math.round(settings.windowMs / 2),
    votes: {
      sent: N, acknowledged: result.acked.size, stored: stored.size, ackedNotStored, storedNotAcked: [...stored].filter((i) => !result.acked.has(i)).length,
      statuses: result.statuses, shedAndRetried: result.shedAndRetried, resentAfterLost: result.resentAfterLost, fiveXX: fiveXX(result.statuses), ackP99Ms: result.ackP99Ms,
    },
    reconnects: {
      dropped: reconnects.reduce((s, r) => s + r.dropped, 0), leftForGood: reconnects.reduce((s, r) => s + r.leftForGood, 0), reconnected: durations.length, pending: reconnects.reduce((s, r) => s + r.pending, 0),
      p50Ms: percentile(durations, 50), p90Ms: percentile(durations, 90), p99Ms: percentile(durations, 99), maxMs: percentile(durations, 100),
      spanMs: doneAts.length ? Math.round(Math.max(...doneAts) - killAt) : null, attempts: reconnects.reduce((s, r) => s + r.attempts, 0),
      handshakeStatuses, handshakeFiveXX: fiveXX(handshakeStatuses), perSecond: histogram,
      refetched: reconnects.reduce((s, r) => s + r.refetched, 0), refetchFailed: reconnects.reduce((s, r) => s + r.refetchFailed, 0), refetchShed: reconnects.reduce((s, r) => s + r.refetchShed, 0),
    },
    socketsAfter: end.openByNode, socketsHoldingFinal: end.holding, socketsOpen: end.open, finalTally: end.tally.total,
    presence: {
      ...presenceResult, graceMs: settings.presenceGraceMs, refreshMs: settings.presenceRefreshMs,
      goal: { settledByMs: presenceResult.mayListMs, met: presenceResult.belowDuringGrace === 0 && presenceResult.settledMs !== null && presenceResult.settledMs <= presenceResult.mayListMs },
    },
    goal: { reconnectSpanMs: 30_000, met: ackedNotStored === 0 && durations.length > 0 && doneAts.length > 0 && Math.max(...doneAts) - killAt <= 30_000 && reconnects.every((r) => r.pending === 0) && end.holding === end.open },
  };
}
