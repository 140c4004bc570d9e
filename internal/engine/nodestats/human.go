package nodestats

import (
	"strconv"
	"strings"
	"time"

	"github.com/clustersearch/clustersearch-go/internal/engine/jsonout"
)

// ByteSize prints a byte count as ByteSizeValue.toString does: the largest
// binary unit not above the value, one decimal truncated and dropped when
// it is zero ("0b", "512b", "1kb", "1.5mb").
func ByteSize(n int64) string {
	units := []struct {
		size   int64
		suffix string
	}{{1 << 50, "pb"}, {1 << 40, "tb"}, {1 << 30, "gb"}, {1 << 20, "mb"}, {1 << 10, "kb"}}
	for _, u := range units {
		if n >= u.size {
			return oneDecimal(float64(n)/float64(u.size), u.suffix)
		}
	}
	return oneDecimal(float64(n), "b")
}

// javaDouble prints f as Java's Double.toString for the values these
// formatters see (finite, below 1e7 unless printed in E notation).
func javaDouble(f float64) string {
	a := f
	if a < 0 {
		a = -a
	}
	if a != 0 && (a < 1e-3 || a >= 1e7) {
		s := strconv.FormatFloat(f, 'E', -1, 64)
		mant, exp, _ := strings.Cut(s, "E")
		if !strings.Contains(mant, ".") {
			mant += ".0"
		}
		exp = strings.TrimPrefix(exp, "+")
		return mant + "E" + exp
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}

// oneDecimal is Strings.format1Decimals: the first fraction digit of
// Double.toString, kept unless it is zero.
func oneDecimal(v float64, suffix string) string {
	p := javaDouble(v)
	ix := strings.IndexByte(p, '.') + 1
	ex := strings.IndexByte(p, 'E')
	frac := p[ix]
	tail := ""
	if ex >= 0 {
		tail = p[ex:]
	}
	if frac == '0' {
		return p[:ix-1] + tail + suffix
	}
	return p[:ix] + string(frac) + tail + suffix
}

// Duration prints a time as TimeValue.toString does: "0s" for zero, else the
// largest unit not above it with at most one decimal ("1.5s", "12ms", "3.2m").
func Duration(d time.Duration) string {
	if d < 0 {
		return strconv.FormatInt(int64(d), 10)
	}
	if d == 0 {
		return "0s"
	}
	ns := float64(d)
	units := []struct {
		size   time.Duration
		suffix string
	}{{24 * time.Hour, "d"}, {time.Hour, "h"}, {time.Minute, "m"}, {time.Second, "s"}, {time.Millisecond, "ms"}, {time.Microsecond, "micros"}}
	for _, u := range units {
		if d >= u.size {
			return decimal(ns/float64(u.size), 1) + u.suffix
		}
	}
	return strconv.FormatInt(int64(d), 10) + "nanos"
}

// decimal is TimeValue.formatDecimal: the integral part, plus up to pieces
// fraction digits of Double.toString when they are not all zero.
func decimal(v float64, pieces int) string {
	p := javaDouble(v)
	ix := strings.IndexByte(p, '.') + 1
	ex := strings.IndexByte(p, 'E')
	end := min(ix+pieces, len(p))
	if ex >= 0 {
		end = ex
	}
	tail := ""
	if ex >= 0 {
		tail = p[ex:]
	}
	if strings.Trim(p[ix:end], "0") == "" {
		return p[:ix-1] + tail
	}
	return p[:end] + tail
}

// builder assembles one JSON object, adding the human-readable twin of a
// size or a time before the raw field when human output is on, as
// XContentBuilder.humanReadableField does.
type builder struct {
	o     jsonout.Object
	human bool
}

func newBuilder(human bool) *builder { return &builder{human: human} }

func (b *builder) add(k string, v any) *builder {
	b.o = append(b.o, jsonout.Field{Key: k, Value: v})
	return b
}

// size writes "<k>" (human) and "<k>_in_bytes".
func (b *builder) size(k string, n int64) *builder {
	if b.human {
		b.add(k, ByteSize(n))
	}
	return b.add(k+"_in_bytes", n)
}

// millis writes "<k>" (human) and "<k>_in_millis".
func (b *builder) millis(k string, ms int64) *builder {
	if b.human {
		b.add(k, Duration(time.Duration(ms)*time.Millisecond))
	}
	return b.add(k+"_in_millis", ms)
}

// nanosAs writes human key hk and raw key k for a count of nanoseconds.
func (b *builder) nanosAs(hk, k string, ns int64) *builder {
	if b.human {
		b.add(hk, Duration(time.Duration(ns)))
	}
	return b.add(k, ns)
}

// sizeAs writes human key hk and raw key k for a byte count.
func (b *builder) sizeAs(hk, k string, n int64) *builder {
	if b.human {
		b.add(hk, ByteSize(n))
	}
	return b.add(k, n)
}

func (b *builder) obj() jsonout.Object {
	if b.o == nil {
		return jsonout.Object{}
	}
	return b.o
}
