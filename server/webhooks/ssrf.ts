import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * The SSRF guard of outbound webhooks: a target is checked after DNS resolution — every address the
 * name resolves to must be public — and the delivery then connects to the address that was checked
 * (pinned), so a name that resolves differently a moment later (DNS rebinding) reaches nothing else.
 */

const privateV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  privateV4.addSubnet(network, prefix, 'ipv4');

const privateV6 = new BlockList();
privateV6.addAddress('::', 'ipv6');
privateV6.addAddress('::1', 'ipv6');
for (const [network, prefix] of [
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
] as const)
  privateV6.addSubnet(network, prefix, 'ipv6');

/** An IPv4 address carried in an IPv6 one (::ffff:a.b.c.d, the NAT64 prefix 64:ff9b::/96), else null. */
function embeddedV4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address is private, loopback, link-local, unique-local or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return privateV4.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedV4(address);
  return v4 !== null ? privateV4.check(v4, 'ipv4') : privateV6.check(address, 'ipv6');
}

export type ResolvedTarget = { url: URL; address: string; family: 4 | 6 };

/** Why a target is refused, in words for the field error and the delivery log. */
export class RefusedTarget extends Error {}

/** Resolves a webhook URL's host and checks every address; the first is the one to connect to. */
export async function resolveTarget(rawUrl: string, allowPrivate: boolean): Promise<ResolvedTarget> {
  const url = new URL(rawUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new RefusedTarget(`its host ${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new RefusedTarget(`its host ${host} does not resolve`);
  if (!allowPrivate) {
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused) throw new RefusedTarget(`it resolves to ${refused.address}, a private, loopback or link-local address`);
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
