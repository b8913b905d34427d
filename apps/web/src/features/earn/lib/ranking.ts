export type Medal = 'gold' | 'silver' | 'bronze';

export interface RankEntry {
  rank: number;
  nickname: string;
  avatar: string | null;
  value: string;
}

export interface RankRow extends RankEntry {
  medal: Medal | null;
  /** Another entry has the same rank (ties share it: 1, 2, 2, 4). */
  tied: boolean;
}

const MEDALS: Record<number, Medal> = { 1: 'gold', 2: 'silver', 3: 'bronze' };

/** The board's rows: medals by rank (so a tie for second gives two silvers and no bronze). */
export function rankRows(list: readonly RankEntry[]): RankRow[] {
  const counts = new Map<number, number>();
  for (const entry of list) counts.set(entry.rank, (counts.get(entry.rank) ?? 0) + 1);
  return list.map((entry) => ({
    ...entry,
    medal: MEDALS[entry.rank] ?? null,
    tied: (counts.get(entry.rank) ?? 0) > 1,
  }));
}
