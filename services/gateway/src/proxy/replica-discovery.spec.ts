import { expandReplicas, type Lookup } from './replica-discovery.js';

const table: Record<string, string[]> = { booking: ['10.0.0.2', '10.0.0.3', '10.0.0.4'], ipv6: ['fd00::5'] };
const lookup: Lookup = async (hostname) => {
  const addresses = table[hostname];
  if (!addresses) throw new Error(`ENOTFOUND ${hostname}`);
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

describe('expandReplicas', () => {
  it('turns a scaled service name into one replica per address', async () => {
    expect(await expandReplicas(['http://booking:3002'], lookup)).toEqual([
      'http://10.0.0.2:3002',
      'http://10.0.0.3:3002',
      'http://10.0.0.4:3002',
    ]);
  });
  it('brackets IPv6 addresses', async () => {
    expect(await expandReplicas(['http://ipv6:3002'], lookup)).toEqual(['http://[fd00::5]:3002']);
  });
  it('leaves IPs, localhost and unresolvable names as configured', async () => {
    const urls = ['http://127.0.0.1:3002', 'http://localhost:3002', 'http://nowhere:3002'];
    expect(await expandReplicas(urls, lookup)).toEqual(urls);
  });
});
