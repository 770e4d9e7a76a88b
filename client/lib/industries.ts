export { INDUSTRIES, INDUSTRY_KEYS, type Industry } from '../../server/industries/schema';
