import type { TenantSeed } from '../modules/tenant/tenant.service.js';

/**
 * Demo tenants, one per market, reachable on *.localhost (which browsers resolve to this machine):
 * http://vn.localhost:8080 shows the Vietnamese tenant, and so on.
 */
export const DEMO_TENANTS: TenantSeed[] = [
  {
    id: '000001',
    name: 'DramaStar VN',
    currency: 'VND',
    timeZone: 'Asia/Ho_Chi_Minh',
    domains: ['vn.localhost'],
  },
  {
    id: '000002',
    name: 'DramaStar ID',
    currency: 'IDR',
    timeZone: 'Asia/Jakarta',
    domains: ['id.localhost'],
  },
  {
    id: '000003',
    name: 'DramaStar PK',
    currency: 'PKR',
    timeZone: 'Asia/Karachi',
    domains: ['pk.localhost'],
  },
  {
    id: '000004',
    name: 'DramaStar US',
    currency: 'USDT',
    timeZone: 'America/New_York',
    domains: ['us.localhost'],
  },
];
