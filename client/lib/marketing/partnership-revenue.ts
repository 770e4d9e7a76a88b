/** Partnership revenue examples (spec public-site §3, §9): what a network's members spend, and the partner's share of it. */

export type RevenueInput = { members: number; adoptionPercent: number; pricePerMonth: number; commissionPercent: number };
export type RevenueExample = { subscribers: number; annualMemberRevenue: number; annualCommission: number };

export function revenueExample({ members, adoptionPercent, pricePerMonth, commissionPercent }: RevenueInput): RevenueExample {
  // Whole subscribers: 35% of 1,000 members is 350 practices, not a fraction of one.
  const subscribers = Math.round((members * adoptionPercent) / 100);
  const annualMemberRevenue = subscribers * pricePerMonth * 12;
  return { subscribers, annualMemberRevenue, annualCommission: Math.round((annualMemberRevenue * commissionPercent) / 100) };
}
