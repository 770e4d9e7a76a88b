/** Tabs of the Enterprise Security Center (spec app-core §2.8), in order. */
export const SECURITY_TABS = ['overview', 'compliance', 'access', 'audit'] as const;
export type SecurityTab = (typeof SECURITY_TABS)[number];
