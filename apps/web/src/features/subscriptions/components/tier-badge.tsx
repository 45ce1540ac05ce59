import type { SubscriptionTier } from '@fourfour/shared/enums';
import { Badge, type BadgeProps } from '@mantine/core';

/** Each plan has its own colour (spec: the tier badge's colours differ by tier). */
export const TIER_COLORS: Record<SubscriptionTier, string> = {
  NONE: 'gray',
  ENTRY: 'teal',
  MIDDLE: 'violet',
  HEADLINER: 'orange',
};

export function TierBadge({ tier, ...props }: { tier: SubscriptionTier } & BadgeProps) {
  return (
    <Badge color={TIER_COLORS[tier]} variant="filled" {...props} data-testid="tier-badge">
      {tier}
    </Badge>
  );
}
