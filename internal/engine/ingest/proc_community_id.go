package ingest

import (
	"bytes"
	"crypto/sha1"
	"encoding/base64"
	"encoding/binary"
	"net"
	"strconv"
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"github.com/clustersearch/clustersearch-go/internal/engine/painless"
)

// communityProtocols are CommunityIdProcessor.Protocol: IANA number and
// whether the protocol has ports.
var communityProtocols = map[string]struct {
	code      byte
	transport bool
}{"ICMP": {1, false}, "TCP": {6, true}, "UDP": {17, true}, "ICMP_V6": {58, false}, "SCTP": {132, true}}

// icmpCounterparts map an ICMP (v4, v6) message type to its reply or
// request type: such flows are two-way.
var icmpCounterparts = [2]map[int]int{
	{0: 8, 8: 0, 9: 10, 10: 9, 13: 14, 14: 13, 15: 16, 16: 15, 17: 18, 18: 17},
	{128: 129, 129: 128, 130: 131, 131: 130, 133: 134, 134: 133, 135: 136, 136: 135, 139: 140, 140: 139, 144: 145, 145: 144},
}

// communityIDProc is CommunityIdProcessor: the Community ID v1 flow hash of
// the addresses, ports (or ICMP type and code) and protocol.
type communityIDProc struct {
	srcIP, dstIP, srcPort, dstPort, ianaField, protoField, icmpType, icmpCode, target string
	seed                                                                              int
	ignoreMissing                                                                     bool
}

func newCommunityID(s *Service, c *config) (runner, *apierr.Error) {
	p := &communityIDProc{}
	var err *apierr.Error
	if p.srcIP, err = c.str("source_ip_field"); err != nil {
		return nil, err
	}
	if p.srcPort, err = c.optStr("source_port_field", ""); err != nil {
		return nil, err
	}
	if p.dstIP, err = c.str("destination_ip_field"); err != nil {
		return nil, err
	}
	for _, o := range []struct {
		key string
		dst *string
	}{{"destination_port_field", &p.dstPort}, {"iana_protocol_number_field", &p.ianaField}, {"protocol_field", &p.protoField},
		{"icmp_type_field", &p.icmpType}, {"icmp_code_field", &p.icmpCode}} {
		if *o.dst, err = c.optStr(o.key, ""); err != nil {
			return nil, err
		}
	}
	if v, ok := c.take("seed"); ok && v != nil {
		n, ok := toInt(v)
		if !ok {
			return nil, c.err("seed", "property cannot be converted to an int ["+painless.ToJavaString(v)+"]")
		}
		p.seed = n
	}
	if p.seed < 0 || p.seed > 65535 {
		return nil, c.err("seed", "seed must be between 0 and 65535")
	}
	if p.target, err = c.optStr("target_field", "community_id"); err != nil {
		return nil, err
	}
	if p.ignoreMissing, err = c.optBool("ignore_missing", false); err != nil {
		return nil, err
	}
	return p, nil
}

// toInt reads an integer given as a number or its text.
func toInt(v any) (int, bool) {
	switch x := v.(type) {
	case int32:
		return int(x), true
	case int64:
		return int(x), true
	case string:
		n, err := strconv.Atoi(x)
		return n, err == nil
	}
	return 0, false
}

// intField is getFieldValue(field, Integer.class, true): nil when missing.
func intField(d *Document, field string) (*int, *apierr.Error) {
	v, err := d.Get(field)
	if err != nil || v == nil {
		return nil, nil
	}
	switch x := v.(type) {
	case int32:
		n := int(x)
		return &n, nil
	}
	return nil, castError(field, v, "java.lang.Integer")
}

func (p *communityIDProc) run(_ *execution, d *Document) *apierr.Error {
	// The protocol, by IANA number first, then by name.
	var protoName string
	if p.ianaField != "" {
		n, err := intField(d, p.ianaField)
		if err != nil {
			return err
		}
		if n != nil {
			for name, pr := range communityProtocols {
				if *n >= 0 && *n <= 255 && int(pr.code) == *n {
					protoName = name
				}
			}
			if protoName == "" {
				return apierr.IllegalArgument("unsupported iana protocol number [%d]", *n)
			}
		}
	}
	if protoName == "" && p.protoField != "" {
		if v, err := d.Get(p.protoField); err == nil && v != nil {
			s, ok := v.(string)
			if !ok {
				return castError(p.protoField, v, "java.lang.String")
			}
			name := strings.ToUpper(s)
			if name == "IPV6-ICMP" {
				name = "ICMP_V6"
			}
			if _, ok := communityProtocols[name]; !ok {
				return apierr.IllegalArgument("unsupported protocol [%s]", s)
			}
			protoName = name
		}
	}
	if protoName == "" {
		if p.ignoreMissing {
			return nil
		}
		return apierr.IllegalArgument("cannot resolve protocol by neither iana protocol number field [%s] nor protocol name field [%s]", nullable(p.ianaField), nullable(p.protoField))
	}
	proto := communityProtocols[protoName]
	src, err := p.ip(d, p.srcIP)
	if err != nil || src == nil {
		return err
	}
	dst, err := p.ip(d, p.dstIP)
	if err != nil || dst == nil {
		return err
	}
	if len(src) != len(dst) {
		return apierr.IllegalArgument("source ip and destination ip must have same format")
	}
	var sport, dport int
	if proto.transport {
		sp, err := p.port(d, p.srcPort)
		if err != nil || sp == nil {
			return err
		}
		dp, err := p.port(d, p.dstPort)
		if err != nil || dp == nil {
			return err
		}
		sport, dport = *sp, *dp
	}
	oneWay := true
	icmp := protoName == "ICMP" || protoName == "ICMP_V6"
	if icmp {
		t, err := p.icmp(d, p.icmpType, "type")
		if err != nil || t == nil {
			return err
		}
		sport = *t
		table := icmpCounterparts[0]
		if protoName == "ICMP_V6" {
			table = icmpCounterparts[1]
		}
		if other, ok := table[*t]; ok {
			oneWay, dport = false, other
		} else {
			code, err := p.icmp(d, p.icmpCode, "code")
			if err != nil || code == nil {
				return err
			}
			dport = *code
		}
	}
	cmp := bytes.Compare(src, dst)
	less := cmp < 0 || (cmp == 0 && sport < dport)
	if !less && (!icmp || !oneWay) {
		src, dst, sport, dport = dst, src, dport, sport
	}
	h := sha1.New()
	var two [2]byte
	binary.BigEndian.PutUint16(two[:], uint16(p.seed))
	h.Write(two[:])
	h.Write(src)
	h.Write(dst)
	h.Write([]byte{proto.code, 0})
	binary.BigEndian.PutUint16(two[:], uint16(sport))
	h.Write(two[:])
	binary.BigEndian.PutUint16(two[:], uint16(dport))
	h.Write(two[:])
	return d.Set(p.target, "1:"+base64.StdEncoding.EncodeToString(h.Sum(nil)))
}

func nullable(s string) string {
	if s == "" {
		return "null"
	}
	return s
}

// ip resolves an address field: nil (and no error) to skip the document.
func (p *communityIDProc) ip(d *Document, field string) ([]byte, *apierr.Error) {
	v, _ := d.Get(field)
	s, isStr := v.(string)
	if v != nil && !isStr {
		return nil, castError(field, v, "java.lang.String")
	}
	if s == "" {
		if p.ignoreMissing {
			return nil, nil
		}
		return nil, apierr.IllegalArgument("ip address in the field [%s] is null or empty", field)
	}
	ip := net.ParseIP(s)
	if ip == nil {
		return nil, apierr.IllegalArgument("ip address [%s] in the field [%s] is not a valid ipv4/ipv6 address", s, field)
	}
	if v4 := ip.To4(); v4 != nil && !strings.Contains(s, ":") {
		return v4, nil
	}
	return ip.To16(), nil
}

// port resolves a port field (0 to 65535).
func (p *communityIDProc) port(d *Document, field string) (*int, *apierr.Error) {
	if field == "" {
		if p.ignoreMissing {
			return nil, nil
		}
		return nil, apierr.IllegalArgument("both source port and destination port field path cannot be null nor empty")
	}
	n, err := intField(d, field)
	if err != nil {
		return nil, err
	}
	if n == nil {
		if p.ignoreMissing {
			return nil, nil
		}
		return nil, apierr.IllegalArgument("both source port and destination port cannot be null, but port in the field path [%s] is null", field)
	}
	if *n < 0 || *n > 65535 {
		return nil, apierr.IllegalArgument("both source port and destination port must be between 0 and 65535, but port in the field path [%s] is [%d]", field, *n)
	}
	return n, nil
}

// icmp resolves the ICMP message type or code field (0 to 255).
func (p *communityIDProc) icmp(d *Document, field, what string) (*int, *apierr.Error) {
	if field == "" {
		if p.ignoreMissing {
			return nil, nil
		}
		return nil, apierr.IllegalArgument("icmp message %s field path cannot be null nor empty", what)
	}
	n, err := intField(d, field)
	if err != nil {
		return nil, err
	}
	if n == nil {
		if p.ignoreMissing {
			return nil, nil
		}
		return nil, apierr.IllegalArgument("icmp message %s cannot be null", what)
	}
	if *n < 0 || *n > 255 {
		return nil, apierr.IllegalArgument("invalid icmp message %s [%d]", what, *n)
	}
	return n, nil
}
