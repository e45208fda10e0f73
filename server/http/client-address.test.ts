import { describe, expect, it } from "vitest";
import { addressGroup } from "./client-address.ts";

// The key of every per-address limit (docs/product.md §25): an IPv6 /64 is one visitor, IPv4 stays per address.

describe("addressGroup", () => {
  it.each([
    ["an IPv6 address stands for its /64", "2001:db8:abcd:12::1", "2001:db8:abcd:12::/64"],
    ["any other address of that /64 too", "2001:0DB8:ABCD:0012:ffff:1:2:3", "2001:db8:abcd:12::/64"],
    [
      "a privacy address of a home network",
      "2a02:8109:b6c0:5d00:9d4e:3f1a:7c22:e01b",
      "2a02:8109:b6c0:5d00::/64",
    ],
    ["the next /64 is another visitor", "2001:db8:abcd:13::1", "2001:db8:abcd:13::/64"],
    ["loopback", "::1", "::/64"],
    ["a link-local address with its zone", "fe80::1ff:fe23:4567:890a%eth0", "fe80::/64"],
    ["an IPv4 address stays itself", "203.0.113.7", "203.0.113.7"],
    ["an IPv4-mapped IPv6 address is its IPv4 address", "::ffff:203.0.113.7", "203.0.113.7"],
    ["written in hexadecimal too", "::ffff:cb00:7107", "203.0.113.7"],
    ["something that is no address stays as it is", "unknown", "unknown"],
  ])("%s: %s → %s", (_name, address, group) => {
    expect(addressGroup(address)).toBe(group);
  });

  it("keeps neighbouring IPv4 addresses apart", () => {
    expect(addressGroup("198.51.100.1")).not.toBe(addressGroup("198.51.100.2"));
  });
});
