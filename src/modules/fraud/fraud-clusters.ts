// Clusters of the fraud queue (docs/fraud.md, "Clusters"): the flagged testers not decided yet that
// share a network (the signup IP's /24 or /48), a device (IP and user agent) or a referrer, so an
// owner decides a bot farm at once. Sizes are counted by the database over the partial indexes
// testers_fraud_clusters and testers_fraud_referrers (the queue's entries, never the whole beta); a
// network folds the counts per IP in memory, as only subnetOf knows an IPv6 /48.
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { Database } from '../../db/types.ts';
import { Errors } from '../../primitives/errors.ts';
import { parseId } from '../../primitives/ids.ts';
import { subnetOf } from '../signup-guard/subnets.ts';

export const ClusterKinds = ['network', 'device', 'referrer'] as const;
export type ClusterKind = (typeof ClusterKinds)[number];

/** Members shown with each cluster of a page; the cluster's decision reaches all of them. */
export const CLUSTER_MEMBERS_SHOWN = 10;

/**
 * A cluster as listed. `key` names it for a decision: a network's subnet (`203.0.113.0/24`), a
 * device's IP and user agent after one space, a referrer's tester id.
 */
export interface Cluster {
  by: ClusterKind;
  key: string;
  size: number;
  /** A network's or device's signup IPs among the members: how its members are read. */
  ips: string[];
  userAgent: string | null;
  referrerId: number | null;
}

type Queued = SelectQueryBuilder<Database, 'testers', object>;

/** The beta's visible flagged testers not decided yet: the queue, as its partial indexes say it. */
export function undecidedFlagged(db: Executor, betaId: number): Queued {
  return (
    db
      .selectFrom('testers')
      .where('testers.beta_id', '=', betaId)
      .where('testers.fraud_flags', 'is not', null)
      .where('testers.fraud_decision', 'is', null)
      // Unary plus: not an index term, so SQLite's planner reads a partial index of the queue (a few
      // rows) rather than (beta_id, hidden, id), which its statistics favour (every tester).
      .where(sql<number>`+${sql.ref('testers.hidden')}`, '=', 0)
  );
}

/** Every cluster of two or more members, the largest first (then by key). */
export async function clustersOf(db: Executor, betaId: number, by: ClusterKind): Promise<Cluster[]> {
  const queued = undecidedFlagged(db, betaId);
  const count = sql<number | string>`count(*)`;
  let clusters: Cluster[];
  if (by === 'referrer') {
    const rows = await queued.select(['testers.referrer_id', count.as('size')]).where('testers.referrer_id', 'is not', null).groupBy('testers.referrer_id').having(count, '>=', 2).execute();
    clusters = rows.map((row) => ({ by, key: String(row.referrer_id), size: Number(row.size), ips: [], userAgent: null, referrerId: row.referrer_id }));
  } else if (by === 'device') {
    const rows = await queued
      .select(['testers.signup_ip', 'testers.signup_user_agent', count.as('size')])
      .where('testers.signup_ip', 'is not', null)
      .where('testers.signup_user_agent', 'is not', null)
      .groupBy(['testers.signup_ip', 'testers.signup_user_agent'])
      .having(count, '>=', 2)
      .execute();
    clusters = rows.map((row) => ({ by, key: `${row.signup_ip} ${row.signup_user_agent}`, size: Number(row.size), ips: [row.signup_ip!], userAgent: row.signup_user_agent, referrerId: null }));
  } else {
    const rows = await queued.select(['testers.signup_ip', count.as('size')]).where('testers.signup_ip', 'is not', null).groupBy('testers.signup_ip').execute();
    const networks = new Map<string, Cluster>();
    for (const row of rows) {
      const subnet = subnetOf(row.signup_ip!);
      if (subnet === null) continue;
      const network = networks.get(subnet) ?? { by, key: subnet, size: 0, ips: [], userAgent: null, referrerId: null };
      network.size += Number(row.size);
      network.ips.push(row.signup_ip!);
      networks.set(subnet, network);
    }
    clusters = [...networks.values()].filter((network) => network.size >= 2);
  }
  return clusters.sort((a, b) => b.size - a.size || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The cluster `key` names among the beta's clusters by `by`; 422 (2301) when the key cannot name one. */
export async function clusterNamed(db: Executor, betaId: number, by: ClusterKind, key: string): Promise<Cluster | undefined> {
  if (by === 'referrer' && parseId(key) === null) throw Errors.testersGeneral('key of a referrer cluster is the referrer\'s tester id');
  if (by === 'network' && subnetOf(key.replace(/\/\d+$/, '')) !== key) throw Errors.testersGeneral('key of a network cluster is a subnet such as 203.0.113.0/24');
  if (by === 'device' && !key.includes(' ')) throw Errors.testersGeneral('key of a device cluster is its IP address, a space and its user agent');
  return (await clustersOf(db, betaId, by)).find((cluster) => cluster.key === key);
}

/**
 * The cluster's members in the queue, oldest first: ordered by `+id`, not an index term, so SQLite
 * reads the cluster's own rows (by signup IP or referrer) rather than walk the whole queue in id order.
 */
export function membersOf(db: Executor, betaId: number, cluster: Cluster): Queued {
  const queued = undecidedFlagged(db, betaId);
  const members =
    cluster.referrerId !== null
      ? queued.where('testers.referrer_id', '=', cluster.referrerId)
      : cluster.userAgent !== null
        ? queued.where('testers.signup_ip', '=', cluster.ips[0]).where('testers.signup_user_agent', '=', cluster.userAgent)
        : queued.where('testers.signup_ip', 'in', cluster.ips);
  return members.orderBy(sql`+${sql.ref('testers.id')}`);
}
