/** The service entry points the router and REST call. */
export { listEndpoints, getEndpoint, createEndpoint, updateEndpoint, removeEndpoint, rotateSecret, sendTestEvent } from './endpoints';
export { listDeliveries, redeliver } from './log';
