package mapping

import (
	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
	"math"
	"strconv"
	"strings"
)

// WKT parsing follows WellKnownText: a StreamTokenizer whose words are
// letters, digits, '-', '+' and '.', numbers read from words, '#' starting
// a comment; each error names the token found as tokenString does.

type wktToken struct {
	kind byte   // 'w' word, 'e' end, or the ordinary character
	word string // for 'w'
}

func (t wktToken) String() string {
	switch t.kind {
	case 'w':
		return "word: " + t.word
	case 'e':
		return "END-OF-STREAM"
	}
	return "'" + string(rune(t.kind)) + "'"
}

type wktLexer struct {
	s      string
	i      int
	pushed *wktToken
}

func wktWordChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c >= 160
}

func (l *wktLexer) next() wktToken {
	if l.pushed != nil {
		t := *l.pushed
		l.pushed = nil
		return t
	}
	for l.i < len(l.s) {
		c := l.s[l.i]
		switch {
		case c <= ' ':
			l.i++
		case c == '#':
			for l.i < len(l.s) && l.s[l.i] != '\n' && l.s[l.i] != '\r' {
				l.i++
			}
		case wktWordChar(c):
			start := l.i
			for l.i < len(l.s) && wktWordChar(l.s[l.i]) {
				l.i++
			}
			return wktToken{kind: 'w', word: l.s[start:l.i]}
		default:
			l.i++
			return wktToken{kind: c}
		}
	}
	return wktToken{kind: 'e'}
}

func (l *wktLexer) back(t wktToken) { l.pushed = &t }

// word is nextWord: a word ("EMPTY" normalised) or one of ( ) ,.
func (l *wktLexer) word() (string, wktToken, *ShapeError) {
	t := l.next()
	switch t.kind {
	case 'w':
		if strings.EqualFold(t.word, "EMPTY") {
			return "EMPTY", t, nil
		}
		return t.word, t, nil
	case '(', ')', ',':
		return string(rune(t.kind)), t, nil
	}
	return "", t, wktParseErr("expected word but found: " + t.String())
}

func (l *wktLexer) expect(what string, ok func(string) bool) (string, *ShapeError) {
	w, t, err := l.word()
	if err != nil {
		return "", err
	}
	if !ok(w) {
		return "", wktParseErr("expected " + what + " but found: " + t.String())
	}
	return w, nil
}

// emptyOrOpen reports true for EMPTY.
func (l *wktLexer) emptyOrOpen() (bool, *ShapeError) {
	w, err := l.expect("EMPTY or (", func(w string) bool { return w == "EMPTY" || w == "(" })
	return w == "EMPTY", err
}

func (l *wktLexer) opener() *ShapeError {
	_, err := l.expect("(", func(w string) bool { return w == "(" })
	return err
}

func (l *wktLexer) closer() *ShapeError {
	_, err := l.expect(")", func(w string) bool { return w == ")" })
	return err
}

func (l *wktLexer) comma() *ShapeError {
	_, err := l.expect(",", func(w string) bool { return w == "," })
	return err
}

// closerOrComma reports true for a comma.
func (l *wktLexer) closerOrComma() (bool, *ShapeError) {
	w, err := l.expect(", or )", func(w string) bool { return w == "," || w == ")" })
	return w == ",", err
}

// collection reads a collection's members with member: EMPTY, or
// ( member {, member} ).
func (l *wktLexer) collection(member func() *ShapeError) *ShapeError {
	empty, err := l.emptyOrOpen()
	if err != nil || empty {
		return err
	}
	for {
		if err := member(); err != nil {
			return err
		}
		more, err := l.closerOrComma()
		if err != nil || !more {
			return err
		}
	}
}

func (l *wktLexer) number() (float64, *ShapeError) {
	t := l.next()
	if t.kind != 'w' {
		return 0, wktParseErr("expected number but found: " + t.String())
	}
	if strings.EqualFold(t.word, "NaN") {
		return math.NaN(), nil
	}
	f, err := strconv.ParseFloat(t.word, 64)
	if err != nil || strings.HasPrefix(t.word, "0x") || strings.ContainsAny(t.word, "_") {
		return 0, wktParseErr("invalid number found: " + t.word)
	}
	return f, nil
}

func (l *wktLexer) numberNext() bool {
	t := l.next()
	l.back(t)
	return t.kind == 'w'
}

func (l *wktLexer) coordinate() (xyz, *ShapeError) {
	x, err := l.number()
	if err != nil {
		return xyz{}, err
	}
	y, err := l.number()
	if err != nil {
		return xyz{}, err
	}
	p := xyz{x, y, math.NaN()}
	if l.numberNext() {
		if p.Z, err = l.number(); err != nil {
			return xyz{}, err
		}
	}
	return p, nil
}

// coordinates reads "x y[ z], ..." up to and including the closing ")".
func (l *wktLexer) coordinates() ([]xyz, *ShapeError) {
	var pts []xyz
	for {
		p, err := l.coordinate()
		if err != nil {
			return nil, err
		}
		pts = append(pts, p)
		more, err := l.closerOrComma()
		if err != nil {
			return nil, err
		}
		if !more {
			return pts, nil
		}
	}
}

func (b *shapeBuilder) wkt(s string, opt ShapeOptions) *ShapeError {
	l := &wktLexer{s: s}
	if err := b.wktGeometry(l, opt); err != nil {
		return err
	}
	if t := l.next(); t.kind != 'e' {
		return wktParseErr("expected end of WKT string but found additional text: " + t.String())
	}
	return nil
}

func (b *shapeBuilder) wktGeometry(l *wktLexer, opt ShapeOptions) *ShapeError {
	typ, _, err := l.word()
	if err != nil {
		return err
	}
	switch strings.ToLower(typ) {
	case "point":
		empty, err := l.emptyOrOpen()
		if err != nil || empty {
			return err
		}
		p, err := l.coordinate()
		if err != nil {
			return err
		}
		if err := l.closer(); err != nil {
			return err
		}
		b.point(p)
	case "multipoint":
		empty, err := l.emptyOrOpen()
		if err != nil || empty {
			return err
		}
		pts, err := l.coordinates()
		if err != nil {
			return err
		}
		for _, p := range pts {
			b.point(p)
		}
	case "linestring":
		return b.wktLine(l)
	case "multilinestring":
		return l.collection(func() *ShapeError { return b.wktLine(l) })
	case "polygon":
		return b.wktPolygon(l, opt.Coerce)
	case "multipolygon":
		return l.collection(func() *ShapeError { return b.wktPolygon(l, opt.Coerce) })
	case "bbox":
		empty, err := l.emptyOrOpen()
		if err != nil || empty {
			return err
		}
		var v [4]float64
		for i := range v {
			if i > 0 {
				if err := l.comma(); err != nil {
					return err
				}
			}
			if v[i], err = l.number(); err != nil {
				return err
			}
		}
		if err := l.closer(); err != nil {
			return err
		}
		return b.rectangle(v[0], v[1], v[2], v[3])
	case "geometrycollection":
		return l.collection(func() *ShapeError { return b.wktGeometry(l, opt) })
	case "circle":
		empty, err := l.emptyOrOpen()
		if err != nil || empty {
			return err
		}
		return circleUnsupported()
	default:
		return shapeArgErr("Unknown geometry type: " + strings.ToLower(typ))
	}
	return nil
}

func (b *shapeBuilder) wktLine(l *wktLexer) *ShapeError {
	empty, err := l.emptyOrOpen()
	if err != nil || empty {
		return err
	}
	pts, err := l.coordinates()
	if err != nil {
		return err
	}
	return b.line(pts)
}

func (b *shapeBuilder) wktPolygon(l *wktLexer, coerce bool) *ShapeError {
	empty, err := l.emptyOrOpen()
	if err != nil || empty {
		return err
	}
	var rings [][]xyz
	for {
		if err := l.opener(); err != nil {
			return err
		}
		r, err := l.coordinates()
		if err != nil {
			return err
		}
		if coerce && !samePoint(r[0], r[len(r)-1]) {
			r = append(r, r[0])
		}
		if err := checkRing(r); err != nil {
			return err
		}
		rings = append(rings, r)
		more, err := l.closerOrComma()
		if err != nil {
			return err
		}
		if !more {
			return b.polygon(rings)
		}
	}
}

// circleUnsupported is GeoShapeIndexer's refusal of circles.
func circleUnsupported() *ShapeError {
	return &ShapeError{Type: apierr.TypeUnsupportedOperation, Msg: "CIRCLE geometry is not supported"}
}
