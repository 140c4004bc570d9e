package mapping

import (
	"net/netip"
	"strings"
)

// IP doc values and terms are the 16-byte form Lucene's InetAddressPoint
// encodes: IPv6 as is, IPv4 as its IPv4-mapped IPv6 address. Byte order is
// address order, so comparing the strings compares the addresses.

// ParseIP parses an IP string literal as InetAddresses.forString does:
// dotted IPv4 or IPv6 (a "%zone" suffix is dropped).
func ParseIP(s string) (netip.Addr, bool) {
	if i := strings.IndexByte(s, '%'); i > 0 && strings.IndexByte(s, ':') >= 0 {
		s = s[:i]
	}
	a, err := netip.ParseAddr(s)
	if err != nil || a.Zone() != "" {
		return netip.Addr{}, false
	}
	return a, true
}

// EncodeIP returns the 16-byte sortable form of an address.
func EncodeIP(a netip.Addr) string {
	b := a.As16()
	return string(b[:])
}

// DecodeIP turns the 16-byte form back into an address; IPv4-mapped
// addresses come back as IPv4, as InetAddressPoint.decode returns them.
func DecodeIP(enc string) netip.Addr {
	var b [16]byte
	copy(b[:], enc)
	return netip.AddrFrom16(b).Unmap()
}

// FormatIP prints an encoded address as DocValueFormat.IP does (RFC 5952
// for IPv6, dotted quad for IPv4).
func FormatIP(enc string) string { return DecodeIP(enc).String() }

// notIP is the reason InetAddresses.forString gives for a bad literal.
func notIP(s string) string { return "'" + s + "' is not an IP string literal." }

// NotIPReason is the message for a value that is not an IP address.
func NotIPReason(s string) string { return notIP(s) }

// ParseCIDR parses "address/prefix" into the first and last address of
// the block, as the ip field's term query does.
func ParseCIDR(s string) (lo, hi netip.Addr, ok bool) {
	addr, bits, found := strings.Cut(s, "/")
	if !found {
		return lo, hi, false
	}
	a, ok := ParseIP(addr)
	if !ok {
		return lo, hi, false
	}
	p, err := netip.ParsePrefix(a.String() + "/" + bits)
	if err != nil {
		return lo, hi, false
	}
	p = p.Masked()
	lo = p.Addr()
	b := lo.As16()
	n := p.Bits()
	if lo.Is4() {
		n += 96
	}
	for i := n; i < 128; i++ {
		b[i/8] |= 1 << (7 - uint(i%8))
	}
	hi = netip.AddrFrom16(b)
	if lo.Is4() {
		hi = hi.Unmap()
	}
	return lo, hi, true
}
