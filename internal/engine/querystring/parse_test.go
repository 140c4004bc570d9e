package querystring

import (
	"errors"
	"strings"
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/engine/dsl"
)

func TestParse(t *testing.T) {
	and := DefaultOptions()
	and.DefaultOperator = dsl.OperatorAnd
	tests := []struct {
		q    string
		opts *Options
		want string
	}{
		{"quick", nil, "quick"},
		{"quick brown fox", nil, "<quick brown fox>"},
		{"title:quick", nil, "title:quick"},
		{"title:quick brown", nil, "title:quick brown"},
		{"a AND b", nil, "+a +b"},
		{"a && b || c", nil, "+a +b c"},
		{"a OR b", &and, "a b"},
		{"a b", &and, "<a b>"},
		{"a AND b OR c", nil, "+a +b c"}, // no precedence: OR leaves b required
		{"a OR b AND c", nil, "a +b +c"},
		{"+a -b c", nil, "+a -b c"},
		{"NOT a", nil, "-a"},
		{"!a b", nil, "-a b"},
		{"a AND NOT b", nil, "+a -b"},
		{"-a AND b", nil, "-a +b"},
		{"title:(quick OR brown)", nil, "title:quick title:brown"},
		{"title:(quick brown) AND x", nil, "+title:<quick brown> +x"},
		{"(a OR b) AND c", nil, "+(a b) +c"},
		{"(a b)^2", nil, "<a b>^2"},
		{"\"quick fox\"", nil, `"quick fox"`},
		{"\"quick fox\"~2", nil, `"quick fox"~2`},
		{"\"quick fox\"~2^3", nil, `"quick fox"~2^3`},
		{"title:\"a b\"^2", nil, `title:"a b"^2`},
		{"quikc~", nil, "quikc~AUTO"},
		{"quikc~1", nil, "quikc~1"},
		{"quikc~1^2", nil, "quikc~1^2"},
		{"quikc^2~1", nil, "quikc~1^2"},
		{"qu?ck", nil, "qu?ck"},
		{"qu*", nil, "qu*"},
		{"*ck", nil, "*ck"},
		{"q*k*", nil, "q*k*"},
		{"f:*", nil, "f:*"},
		{"*", nil, "*"},
		{"*:*", nil, "*:*"},
		{"*:foo", nil, "*:foo"},
		{"/jo.n[a-z]+/", nil, "/jo.n[a-z]+/"},
		{"name:/jo\\/n/", nil, "name:/jo\\/n/"},
		{"age:[10 TO 20]", nil, "age:[10 TO 20]"},
		{"age:{10 TO 20}", nil, "age:{10 TO 20}"},
		{"age:[10 TO 20}", nil, "age:[10 TO 20}"},
		{"age:[10 TO *]", nil, "age:[10 TO *]"},
		{"date:{* TO 2012-01-01}", nil, "date:{* TO 2012-01-01}"},
		{`name:["a b" TO "c d"]`, nil, "name:[a b TO c d]"},
		{"age:>=10", nil, "age:[10 TO *]"},
		{"age:>10", nil, "age:{10 TO *]"},
		{"age:<=10", nil, "age:[* TO 10]"},
		{"age:<10", nil, "age:[* TO 10}"},
		{"age:[1 TO 5]^2", nil, "age:[1 TO 5]^2"},
		{"_exists_:title", nil, "_exists_:title"},
		{"book.\\*:x", nil, "book.*:x"},
		{"a\\+b", nil, "a+b"},
		{"wi-fi", nil, "wi-fi"},
		{"a + b", nil, "a + b"}, // "+ " is a bare operator term
		{"\\u0041bc", nil, "Abc"},
		{"", nil, "MatchNoDocsQuery"},
		{"   ", nil, "MatchNoDocsQuery"},
		{"a AND (b OR (c AND d))", nil, "+a +(b (+c +d))"},
	}
	for _, tt := range tests {
		opts := DefaultOptions()
		if tt.opts != nil {
			opts = *tt.opts
		}
		n, err := Parse(tt.q, opts)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.q, err)
			continue
		}
		if got := String(n); got != tt.want {
			t.Errorf("Parse(%q) = %s, want %s", tt.q, got, tt.want)
		}
	}
}

func TestParseStructure(t *testing.T) {
	n, err := Parse("title:quick^2 AND -body:\"lazy dog\"~1", DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	b := n.(*Bool)
	if len(b.Clauses) != 2 || b.Clauses[0].Occur != Must || b.Clauses[1].Occur != MustNot {
		t.Fatalf("clauses %+v", b.Clauses)
	}
	boost := b.Clauses[0].Node.(*Boost)
	if term := boost.Node.(*Term); term.Field != "title" || term.Text != "quick" || boost.Boost != 2 {
		t.Errorf("first clause %+v %+v", boost, term)
	}
	if ph := b.Clauses[1].Node.(*Phrase); ph.Field != "body" || ph.Text != "lazy dog" || ph.Slop != 1 {
		t.Errorf("phrase %+v", ph)
	}
	r, _ := Parse("n:[1 TO *}", DefaultOptions())
	if rg := r.(*Range); rg.Lower == nil || *rg.Lower != "1" || rg.Upper != nil || !rg.IncludeLower || rg.IncludeUpper {
		t.Errorf("range %+v", rg)
	}
	opts := DefaultOptions()
	opts.PhraseSlop = 3
	if ph, _ := Parse(`"a b"`, opts); ph.(*Phrase).Slop != 3 {
		t.Errorf("phrase_slop not applied")
	}
}

func TestResolve(t *testing.T) {
	n, _ := Parse("a AND the OR c", DefaultOptions())
	b := n.(*Bool)
	// "the" analyzes to nothing: its AND still made "a" required.
	occ, ok := Resolve(b.Clauses, dsl.OperatorOr, func(i int) bool { return i == 1 })
	if occ[0] != Must || ok[1] || occ[2] != Should || !ok[2] {
		t.Errorf("occurs %v ok %v", occ, ok)
	}
	occ, _ = Resolve(b.Clauses, dsl.OperatorOr, nil)
	for i, c := range b.Clauses {
		if occ[i] != c.Occur {
			t.Errorf("clause %d: Resolve %v, parsed %v", i, occ[i], c.Occur)
		}
	}
}

// The expected-token list after an opening parenthesis, as OpenSearch
// prints it (captured from a real server's response).
const afterParen = "Was expecting one of:\n    <NOT> ...\n    \"+\" ...\n    \"-\" ...\n    <BAREOPER> ...\n    \"(\" ...\n    \"*\" ...\n    <QUOTED> ...\n    <TERM> ...\n    <PREFIXTERM> ...\n    <WILDTERM> ...\n    <REGEXPTERM> ...\n    \"[\" ...\n    \"{\" ...\n    <NUMBER> ...\n    <TERM> ...\n    "

func TestParseErrors(t *testing.T) {
	tests := []struct {
		q, msg, cause string
	}{
		{"heart(", "Encountered \"<EOF>\" at line 1, column 6.\n" + afterParen, "parse_exception"},
		{"a AND", "Encountered \"<EOF>\" at line 1, column 5.\n" + afterParen, "parse_exception"},
		{"NOT", "Encountered \"<EOF>\" at line 1, column 3.\nWas expecting one of:\n    <BAREOPER> ...\n    \"(\" ...\n    \"*\" ...\n    <QUOTED> ...\n    <TERM> ...\n    <PREFIXTERM> ...\n    <WILDTERM> ...\n    <REGEXPTERM> ...\n    \"[\" ...\n    \"{\" ...\n    <NUMBER> ...\n    <TERM> ...\n    ", "parse_exception"},
		{"a:", "Encountered \"<EOF>\" at line 1, column 2.\nWas expecting one of:\n    <BAREOPER> ...\n    \"(\" ...\n    \"*\" ...\n    <QUOTED> ...\n    <TERM> ...\n    <PREFIXTERM> ...\n    <WILDTERM> ...\n    <REGEXPTERM> ...\n    \"[\" ...\n    \"{\" ...\n    <NUMBER> ...\n    ", "parse_exception"},
		{"a )", "Encountered \" \")\" \") \"\" at line 1, column 2.\nWas expecting one of:\n    <EOF> \n    <AND> ...\n    <OR> ...\n    <NOT> ...\n    \"+\" ...\n    \"-\" ...\n    <BAREOPER> ...\n    \"(\" ...\n    \"*\" ...\n    \"^\" ...\n    <QUOTED> ...\n    <TERM> ...\n    <FUZZY_SLOP> ...\n    <PREFIXTERM> ...\n    <WILDTERM> ...\n    <REGEXPTERM> ...\n    \"[\" ...\n    \"{\" ...\n    <NUMBER> ...\n    <TERM> ...\n    ", "parse_exception"},
		{"a^", "Encountered \"<EOF>\" at line 1, column 2.\nWas expecting:\n    <NUMBER> ...\n    ", "parse_exception"},
		{"[a b]", "Encountered \" <RANGE_GOOP> \"b \"\" at line 1, column 3.\nWas expecting:\n    \"TO\" ...\n    ", "parse_exception"},
		{"[a TO", "Encountered \"<EOF>\" at line 1, column 5.\nWas expecting one of:\n    \"TO\" ...\n    <RANGE_QUOTED> ...\n    <RANGE_GOOP> ...\n    ", "parse_exception"},
		{"[a TO b", "Encountered \"<EOF>\" at line 1, column 7.\nWas expecting one of:\n    \"]\" ...\n    \"}\" ...\n    ", "parse_exception"},
		{"\"abc", "Lexical error at line 1, column 5.  Encountered: <EOF> after : \"\\\"abc\"", "token_mgr_error"},
		// Captured from a real server: an unterminated regexp.
		{"test/integration_lifecycle_1770736485", "Lexical error at line 1, column 38.  Encountered: <EOF> after : \"/integration_lifecycle_1770736485\"", "token_mgr_error"},
		{"a ]", "Lexical error at line 1, column 3.  Encountered: \"]\" (93), after : \"\"", "token_mgr_error"},
		{"a^x", "Lexical error at line 1, column 3.  Encountered: \"x\" (120), after : \"\"", "token_mgr_error"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.q, DefaultOptions())
		var e *dsl.Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q): err = %v", tt.q, err)
			continue
		}
		if e.Type != "query_shard_exception" || e.Reason != "Failed to parse query ["+tt.q+"]" || e.Status != 400 {
			t.Errorf("Parse(%q): top %s %q", tt.q, e.Type, e.Reason)
			continue
		}
		c := e.CausedBy
		if c == nil || c.Type != "parse_exception" || c.Reason != "Cannot parse '"+tt.q+"': "+tt.msg {
			t.Errorf("Parse(%q): cause\n got %q\nwant %q", tt.q, c.Reason, "Cannot parse '"+tt.q+"': "+tt.msg)
			continue
		}
		if c.CausedBy == nil || c.CausedBy.Type != tt.cause || c.CausedBy.Reason != tt.msg {
			t.Errorf("Parse(%q): root %+v", tt.q, c.CausedBy)
		}
	}
}

func TestParseOtherErrors(t *testing.T) {
	opts := DefaultOptions()
	opts.AllowLeadingWildcard = false
	_, err := Parse("*abc", opts)
	var e *dsl.Error
	if !errors.As(err, &e) || e.CausedBy.Reason != "Cannot parse '*abc': '*' or '?' not allowed as first character in WildcardQuery" {
		t.Errorf("leading wildcard: %v", err)
	}
	_, err = Parse("abc~1.5", DefaultOptions())
	if !errors.As(err, &e) || e.Type != "illegal_argument_exception" || e.Reason != "Illegal Fuzziness Value" {
		t.Errorf("fractional fuzziness: %v", err)
	}
	_, err = Parse("a\\u00", DefaultOptions())
	if !errors.As(err, &e) || e.CausedBy.Reason != "Cannot parse 'a\\u00': Truncated unicode escape sequence." {
		t.Errorf("unicode escape: %v", err)
	}
	many := strings.Repeat("+a ", 1025)
	_, err = Parse(many, DefaultOptions())
	if !errors.As(err, &e) || !strings.HasSuffix(e.CausedBy.Reason, "': too many boolean clauses") || e.CausedBy.CausedBy.Type != "too_many_clauses" {
		t.Errorf("too many clauses: %v", err)
	}
}

func TestParseSimple(t *testing.T) {
	all := dsl.FlagAll
	tests := []struct {
		q     string
		flags dsl.SimpleFlags
		op    dsl.Operator
		want  string
	}{
		{"quick", all, dsl.OperatorOr, "quick"},
		{"quick brown", all, dsl.OperatorOr, "quick brown"},
		{"quick brown", all, dsl.OperatorAnd, "+quick +brown"},
		{"a +b", all, dsl.OperatorOr, "+a +b"},
		{"a | b +c", all, dsl.OperatorOr, "+(a b) +c"},
		{"a -b", all, dsl.OperatorOr, "a (-b *:*)"},
		{"--a", all, dsl.OperatorOr, "a"},
		{`"quick fox"`, all, dsl.OperatorOr, `"quick fox"`},
		{`"quick fox"~2 x`, all, dsl.OperatorOr, `"quick fox"~2 x`},
		{"qu*", all, dsl.OperatorOr, "qu*"},
		{"quikc~1", all, dsl.OperatorOr, "quikc~1"},
		{"quikc~", all, dsl.OperatorOr, "quikc~2"},
		{"quikc~0", all, dsl.OperatorOr, "quikc"},
		{"(a | b) +c", all, dsl.OperatorOr, "+(a b) +c"},
		{"a (b", all, dsl.OperatorOr, "a b"},
		{`"unclosed`, all, dsl.OperatorOr, "unclosed"},
		{"a)", all, dsl.OperatorOr, "a"},
		{"wi-fi", all, dsl.OperatorOr, "wi-fi"},
		{`a\+b`, all, dsl.OperatorOr, "a+b"},
		{"a +b", dsl.FlagOr | dsl.FlagWhitespace, dsl.OperatorOr, "a +b"},
		{"a -b", 0, dsl.OperatorOr, "a -b"},
		{"", all, dsl.OperatorOr, "MatchNoDocsQuery"},
		{"()", all, dsl.OperatorOr, "MatchNoDocsQuery"},
	}
	for _, tt := range tests {
		if got := String(ParseSimple(tt.q, tt.flags, tt.op)); got != tt.want {
			t.Errorf("ParseSimple(%q, %d) = %s, want %s", tt.q, tt.flags, got, tt.want)
		}
	}
}

// FuzzParse checks no query string makes the parser panic and every error
// is an OpenSearch-shaped 400.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"a AND b", "title:(x OR y)^2", `"a b"~2`, "[1 TO 5}", "a~", "/re+/", "x:>=3", "\\u00zz", "((", "a^", "*:*", "-a +b !c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		n, err := Parse(q, DefaultOptions())
		if err != nil {
			var e *dsl.Error
			if !errors.As(err, &e) || e.Status != 400 || e.Type == "" {
				t.Fatalf("bad error %#v", err)
			}
			return
		}
		if n == nil {
			t.Fatal("nil node without error")
		}
		_ = String(n)
	})
}

// FuzzParseSimple checks simple_query_string never panics nor fails.
func FuzzParseSimple(f *testing.F) {
	for _, s := range []string{"a +b | c", `"x y"~3 -z`, "(a (b)", "\\", "a~x*"} {
		f.Add(s, -1)
	}
	f.Fuzz(func(t *testing.T, q string, flags int) {
		if n := ParseSimple(q, dsl.SimpleFlags(flags), dsl.OperatorOr); n == nil {
			t.Fatal("nil node")
		}
	})
}

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Parse(`title:(quick OR brown) AND body:"lazy dog"~2 -status:deleted age:[10 TO 20]`, DefaultOptions()); err != nil {
			b.Fatal(err)
		}
	}
}

func TestEscapeOption(t *testing.T) {
	opts := DefaultOptions()
	opts.Escape = true
	n, err := Parse(`a:(b) "c`, opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := String(n); got != `<a:(b) "c>` {
		t.Errorf("escaped parse = %s", got)
	}
	if got := Escape(`a+b\c`); got != `a\+b\\c` {
		t.Errorf("Escape = %s", got)
	}
}
