import { defineDomain } from '../kernel/domain';
import { notificationsRouter } from './router';

export const notificationsDomain = defineDomain({ name: 'notifications', router: { notifications: notificationsRouter } });
