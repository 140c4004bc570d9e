package painless

import (
	"testing"
	"time"
)

func TestJavaTime(t *testing.T) {
	cases := []struct {
		script string
		want   any
	}{
		// toString as java.time prints it
		{`return Instant.ofEpochMilli(1705312800123L).toString()`, "2024-01-15T10:00:00.123Z"},
		{`return Instant.ofEpochSecond(0).toString()`, "1970-01-01T00:00:00Z"},
		{`return Instant.ofEpochMilli(-1L).toString()`, "1969-12-31T23:59:59.999Z"},
		{`return ZonedDateTime.parse('2024-01-15T10:00:00Z').toString()`, "2024-01-15T10:00Z"},
		{`return ZonedDateTime.parse('2024-01-15T10:00:30.5+01:00').toString()`, "2024-01-15T10:00:30.500+01:00"},
		{`return ZonedDateTime.parse('2024-01-15T10:00:00Z[UTC]').toString()`, "2024-01-15T10:00Z[UTC]"},
		{`return ZonedDateTime.ofInstant(Instant.ofEpochMilli(0L), ZoneId.of('Z')).toString()`, "1970-01-01T00:00Z"},
		{`return ZonedDateTime.ofInstant(Instant.ofEpochMilli(0L), ZoneId.of('UTC')).toString()`, "1970-01-01T00:00Z[UTC]"},
		{`return ZonedDateTime.ofInstant(Instant.ofEpochMilli(0L), ZoneId.of('-05:00')).toString()`, "1969-12-31T19:00-05:00"},
		// arithmetic and fields
		{`return ZonedDateTime.parse('2024-01-31T10:00:00Z').plusMonths(1).toString()`, "2024-02-29T10:00Z"},
		{`return ZonedDateTime.parse('2024-02-29T10:00:00Z').plusYears(1).getDayOfMonth()`, int32(28)},
		{`return ZonedDateTime.parse('2024-01-15T10:00:00Z').minusDays(20).getMonthValue()`, int32(12)},
		{`return ZonedDateTime.parse('2024-01-15T23:30:00+01:00').getHour()`, int32(23)},
		{`return ZonedDateTime.parse('2024-01-15T10:00:00+01:00').toInstant().toEpochMilli()`, int64(1705309200000)},
		{`return ZonedDateTime.parse('2024-01-15T10:00:00+01:00').toEpochSecond()`, int64(1705309200)},
		{`return Instant.parse('2024-01-15T10:00:00Z').plusSeconds(90).toString()`, "2024-01-15T10:01:30Z"},
		// comparisons
		{`def a = ZonedDateTime.parse('2024-01-15T10:00:00Z'); def b = ZonedDateTime.parse('2024-01-15T11:00:00+01:00'); return [a.isBefore(b), a.isAfter(b), a.isEqual(b), a.compareTo(b), a == b]`,
			listOf(false, false, true, int32(-1), false)},
		{`return Instant.ofEpochMilli(1L).compareTo(Instant.ofEpochMilli(2L))`, int32(-1)},
		{`return Date.from(Instant.ofEpochMilli(5L)).getTime()`, int64(5)},
		{`return new Date(1500L).toInstant().toString()`, "1970-01-01T00:00:01.500Z"},
		{`return ZoneOffset.UTC.getId()`, "Z"},
	}
	for _, c := range cases {
		t.Run(c.script, func(t *testing.T) {
			if got := evalScript(t, c.script); !sameValue(got, c.want) {
				t.Errorf("got %#v, want %#v", got, c.want)
			}
		})
	}
}

// In a _source, java.time values are written as OpenSearch's XContent does
// (strict_date_optional_time_nanos).
func TestJavaTimeJSON(t *testing.T) {
	s, err := Compile(`ctx._source.a = ZonedDateTime.ofInstant(Instant.ofEpochMilli(System.currentTimeMillis()), ZoneId.of('Z'));
		ctx._source.b = ZonedDateTime.parse('2024-01-15T10:00:00.123456+01:00'); ctx._source.c = Instant.ofEpochSecond(0)`, CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	src := NewMap(0)
	clock := func() time.Time { return time.Date(2024, 1, 15, 10, 0, 0, 0, time.UTC) }
	if _, err := s.Execute(map[string]any{"ctx": mapOf("_source", src)}, ExecOptions{Now: clock}); err != nil {
		t.Fatal(err)
	}
	got, err := EncodeJSON(src)
	want := `{"a":"2024-01-15T10:00:00.000Z","b":"2024-01-15T10:00:00.123456+01:00","c":"1970-01-01T00:00:00.000Z"}`
	if err != nil || string(got) != want {
		t.Errorf("got  %s %v\nwant %s", got, err, want)
	}
}

func TestJavaTimeErrors(t *testing.T) {
	for script, want := range map[string]string{
		`ZonedDateTime.parse('2024-13-01T00:00:00Z')`:                                    "date_time_parse_exception",
		`ZonedDateTime.parse('2024-01-15')`:                                              "date_time_parse_exception",
		`ZoneId.of('Europe/Paris')`:                                                      "illegal_argument_exception",
		`Instant.ofEpochMilli(1L).isBefore(ZonedDateTime.parse('2024-01-15T10:00:00Z'))`: "class_cast_exception",
	} {
		_, err := runCtx(t, script, `{}`, ``)
		if se := asScriptError(t, err); se.CausedBy.Type != want {
			t.Errorf("%s: got %v, want %s", script, err, want)
		}
	}
	if _, err := Compile(`ctx.x = ZonedDateTime.parse('2024-01-15T10:00:00Z').format(null)`, CompileOptions{}); err == nil {
		t.Error("format compiled")
	}
}

// Catalog scripts 29 (swh-search) and 34 (unomi) from the reference, which use java.time.
func TestCatalogJavaTimeScripts(t *testing.T) {
	swh := `ZonedDateTime getDate(def ctx, String date_field) { String default_date = '0001-01-01T00:00:00Z'; String date = ctx._source.getOrDefault(date_field, default_date); return ZonedDateTime.parse(date); }
		ZonedDateTime last = getDate(ctx, 'last_visit_date'); ZonedDateTime incoming = ZonedDateTime.parse(params.last_visit_date);
		if (incoming.compareTo(last) > 0) { ctx._source.last_visit_date = params.last_visit_date }`
	for _, c := range []struct{ ctx, want string }{
		{`{"op":"index","_source":{"url":"u"}}`, `{"op":"index","_source":{"url":"u","last_visit_date":"2024-01-15T10:00:00+00:00"}}`},
		{`{"op":"index","_source":{"url":"u","last_visit_date":"2025-01-01T00:00:00Z"}}`, `{"op":"index","_source":{"url":"u","last_visit_date":"2025-01-01T00:00:00Z"}}`},
	} {
		got, err := runCtx(t, swh, c.ctx, `{"last_visit_date":"2024-01-15T10:00:00+00:00"}`)
		if err != nil || got != c.want {
			t.Errorf("swh: got %s %v, want %s", got, err, c.want)
		}
	}
	unomi := `if (!ctx._source.containsKey("systemProperties")) { ctx._source.put("systemProperties", [:]); }
		ctx._source.systemProperties.put("lastUpdated", ZonedDateTime.ofInstant(Instant.ofEpochMilli(System.currentTimeMillis()), ZoneId.of("Z")));`
	s, err := Compile(unomi, CompileOptions{})
	if err != nil {
		t.Fatal(err)
	}
	src, _ := ParseJSON([]byte(`{"itemId":"x"}`))
	clock := func() time.Time { return time.Date(2024, 1, 15, 10, 0, 0, 5e6, time.UTC) }
	if _, err := s.Execute(map[string]any{"ctx": mapOf("op", "index", "_source", src)}, ExecOptions{Now: clock}); err != nil {
		t.Fatal(err)
	}
	if got, _ := EncodeJSON(src); string(got) != `{"itemId":"x","systemProperties":{"lastUpdated":"2024-01-15T10:00:00.005Z"}}` {
		t.Errorf("unomi: %s", got)
	}
}

func TestBigInteger(t *testing.T) {
	cases := []struct {
		script string
		want   any
	}{
		{`return new BigInteger('123456789012345678901234567890').add(BigInteger.ONE).toString()`, "123456789012345678901234567891"},
		{`return new BigInteger('10').subtract(new BigInteger('15')).toString()`, "-5"},
		{`return new BigInteger('-7').divide(new BigInteger('2')).toString()`, "-3"},
		{`return new BigInteger('-7').mod(new BigInteger('3')).toString()`, "2"},
		{`return new BigInteger('ff', 16).intValue()`, int32(255)},
		{`return new BigInteger('4294967297').intValue()`, int32(1)},
		{`return BigInteger.valueOf(5L).compareTo(BigInteger.TEN)`, int32(-1)},
		{`return new BigInteger('5').equals(BigInteger.valueOf(5))`, true},
		{`def b = new BigInteger('5'); return b instanceof Number`, true},
		// through def, DefMath reads a BigInteger with intValue next to an int
		{`def b = new BigInteger('4294967297'); return b + 1`, int32(2)},
		{`def b = new BigInteger('4294967297'); return b == 1`, true},
		{`def b = new BigInteger('10'); return b * 1.5`, 15.0},
		// statically typed, == is equals: a BigInteger never equals an Integer
		{`return new BigInteger('1') == 1`, false},
	}
	for _, c := range cases {
		t.Run(c.script, func(t *testing.T) {
			if got := evalScript(t, c.script); !sameValue(got, c.want) {
				t.Errorf("got %#v, want %#v", got, c.want)
			}
		})
	}
	for script, want := range map[string]string{
		`new BigInteger('x')`:                    "number_format_exception",
		`BigInteger.ONE.divide(BigInteger.ZERO)`: "arithmetic_exception",
		`ctx.x = (int) new BigInteger('1')`:      "class_cast_exception",
	} {
		_, err := runCtx(t, script, `{}`, ``)
		if se := asScriptError(t, err); se.CausedBy.Type != want {
			t.Errorf("%s: got %v, want %s", script, err, want)
		}
	}
	// catalog script 23 (mx-chain-es-indexer-go)
	script := `boolean ok1 = ((ctx._source.containsKey('initialPaidFee')) && (ctx._source.initialPaidFee != null) && (!ctx._source.initialPaidFee.isEmpty()));
		if (ok1) { BigInteger feeFromSource = new BigInteger(ctx._source.initialPaidFee); BigInteger fee = new BigInteger(params.fee);
		if (feeFromSource.compareTo(fee) > 0) { ctx._source.fee = feeFromSource.subtract(fee).toString(); } }
		ctx._source.gasUsed -= params.gasRefunded;`
	got, err := runCtx(t, script, `{"op":"index","_source":{"initialPaidFee":"100000000000000000000","gasUsed":50}}`, `{"fee":"1","gasRefunded":10}`)
	if want := `{"op":"index","_source":{"initialPaidFee":"100000000000000000000","gasUsed":40,"fee":"99999999999999999999"}}`; err != nil || got != want {
		t.Errorf("catalog 23: got %s %v\nwant %s", got, err, want)
	}
	// JSON integers beyond 64 bits are BigIntegers and are written back unchanged
	got, err = runCtx(t, `ctx._source.n = ctx._source.big.add(BigInteger.ONE)`, `{"op":"index","_source":{"big":18446744073709551616}}`, ``)
	if want := `{"op":"index","_source":{"big":18446744073709551616,"n":18446744073709551617}}`; err != nil || got != want {
		t.Errorf("big source: got %s %v", got, err)
	}
}

func TestBigIntegerStaticOperands(t *testing.T) {
	_, err := Compile(`ctx._source.x = new BigInteger('1') + 1`, CompileOptions{})
	se := asScriptError(t, err)
	if se.CausedBy.Reason != "cannot apply the addition operator [+] to the types [java.math.BigInteger] and [int]" {
		t.Errorf("got %q", se.CausedBy.Reason)
	}
}
