package ingest

import (
	"unicode/utf16"

	"github.com/clustersearch/clustersearch-go/internal/engine/apierr"
)

// csvProc is CsvProcessor: one CSV line (RFC 4180, blanks allowed around
// quoted fields) split into target_fields; an empty field is skipped unless
// empty_value is set.
type csvProc struct {
	field            string
	headers          []string
	quote, separator uint16
	trim             bool
	ignoreMissing    bool
	emptyValue       any
	hasEmpty         bool
}

func newCSV(s *Service, c *config) (runner, *apierr.Error) {
	field, err := c.str("field")
	if err != nil {
		return nil, err
	}
	p := &csvProc{field: field}
	quote, err := c.optStr("quote", `"`)
	if err != nil {
		return nil, err
	}
	if javaLength(quote) != 1 {
		return nil, c.err("quote", `quote has to be single character like " or '`)
	}
	sep, err := c.optStr("separator", ",")
	if err != nil {
		return nil, err
	}
	if javaLength(sep) != 1 {
		return nil, c.err("separator", "separator has to be single character like , or ;")
	}
	p.quote, p.separator = utf16.Encode([]rune(quote))[0], utf16.Encode([]rune(sep))[0]
	if p.trim, err = c.optBool("trim", false); err != nil {
		return nil, err
	}
	if _, present := c.m.Get("empty_value"); present {
		if p.emptyValue, err = c.value("empty_value"); err != nil {
			return nil, err
		}
		p.hasEmpty = true
	}
	if p.ignoreMissing, err = c.optBool("ignore_missing", false); err != nil {
		return nil, err
	}
	targets, err := readAnyList(c, "target_fields")
	if err != nil {
		return nil, err
	}
	if len(targets) == 0 {
		return nil, c.err("target_fields", "target fields list can't be empty")
	}
	for _, t := range targets {
		s, ok := t.(string)
		if !ok { // List.toArray(new String[0]) on a non-string item
			return nil, apierr.New("array_store_exception", "arraycopy: element type mismatch: can not cast one of the elements of java.lang.Object[] to the type of the destination array, java.lang.String")
		}
		p.headers = append(p.headers, s)
	}
	return p, nil
}

func (p *csvProc) run(_ *execution, d *Document) *apierr.Error {
	v, skip, err := fieldInput(d, p.field, p.ignoreMissing, "field [%s] is null, cannot process it.")
	if err != nil || skip {
		return err
	}
	line, ok := v.(string)
	if !ok {
		return castError(p.field, v, "java.lang.String")
	}
	cp := &csvParser{p: p, d: d, line: utf16.Encode([]rune(line))}
	return cp.process()
}

type csvState int

const (
	csvStart csvState = iota
	csvUnquoted
	csvQuoted
	csvQuotedEnd
)

// csvParser is CsvParser's state machine over the line's UTF-16 units (its
// error positions are char indexes).
type csvParser struct {
	p       *csvProc
	d       *Document
	line    []uint16
	state   csvState
	builder []uint16
	header  int
	start   int
	i       int
	err     *apierr.Error
}

func (c *csvParser) process() *apierr.Error {
	n := len(c.line)
	for c.i = 0; c.i < n; c.i++ {
		var done bool
		switch c.state {
		case csvStart:
			done = c.processStart()
		case csvUnquoted:
			done = c.processUnquoted()
		case csvQuoted:
			c.processQuoted()
		case csvQuotedEnd:
			done = c.processQuotedEnd()
		}
		if c.err != nil || done {
			return c.err
		}
	}
	switch c.state {
	case csvUnquoted:
		c.setField(n)
	case csvQuotedEnd:
		c.setField(n - 1)
	case csvQuoted:
		return apierr.IllegalArgument("Unmatched quote")
	}
	return c.err
}

func isCSVBlank(u uint16) bool { return u == ' ' || u == '\t' }

func (c *csvParser) processStart() bool {
	for ; c.i < len(c.line); c.i++ {
		u := c.line[c.i]
		switch {
		case u == c.p.quote:
			c.state, c.builder, c.start = csvQuoted, c.builder[:0], c.i+1
			return false
		case u == c.p.separator:
			c.start++
			c.builder = c.builder[:0]
			if c.setField(c.start) {
				return true
			}
		case isCSVBlank(u):
			if c.p.trim {
				c.start++
			}
		default:
			c.state, c.builder = csvUnquoted, c.builder[:0]
			return false
		}
	}
	return true
}

func (c *csvParser) processUnquoted() bool {
	spaces := 0
	for ; c.i < len(c.line); c.i++ {
		u := c.line[c.i]
		switch {
		case u == '\n' || u == '\r' || u == c.p.quote:
			c.err = apierr.IllegalArgument("Illegal character inside unquoted field at %d", c.i)
			return true
		case u == c.p.separator:
			c.state = csvStart
			if c.setField(c.i - spaces) {
				return true
			}
			c.start = c.i + 1
			return false
		case c.p.trim && isCSVBlank(u):
			spaces++
		default:
			spaces = 0
		}
	}
	return false
}

func (c *csvParser) processQuoted() {
	for ; c.i < len(c.line); c.i++ {
		if c.line[c.i] == c.p.quote {
			c.state = csvQuotedEnd
			return
		}
	}
}

func (c *csvParser) processQuotedEnd() bool {
	if c.line[c.i] == c.p.quote { // a doubled quote inside a quoted field
		c.builder = append(append(c.builder, c.line[c.start:c.i-1]...), c.p.quote)
		c.start, c.state = c.i+1, csvQuoted
		return false
	}
	set := true
	for ; c.i < len(c.line); c.i++ {
		u := c.line[c.i]
		switch {
		case u == c.p.separator:
			if set && c.setField(c.i-1) {
				return true
			}
			c.start, c.state = c.i+1, csvStart
			return false
		case isCSVBlank(u):
			if set {
				if c.setField(c.i - 1) {
					return true
				}
				set = false
			}
		default:
			c.err = apierr.IllegalArgument("character '%s' after quoted field at %d", string(utf16.Decode([]uint16{u})), c.i)
			return true
		}
	}
	return true
}

// setField stores the field ending at end under the next header; it reports
// whether every header has a value now.
func (c *csvParser) setField(end int) bool {
	var value []uint16
	if len(c.builder) == 0 {
		value = c.line[c.start:end]
	} else {
		c.builder = append(c.builder, c.line[c.start:end]...)
		value = c.builder
	}
	header := c.p.headers[c.header]
	switch {
	case len(value) > 0:
		if err := c.d.Set(header, string(utf16.Decode(value))); err != nil && c.err == nil {
			c.err = err
		}
	case c.p.hasEmpty:
		if err := c.d.Set(header, deepCopy(c.p.emptyValue)); err != nil && c.err == nil {
			c.err = err
		}
	}
	c.header++
	return c.header == len(c.p.headers) || c.err != nil
}
