package analysis

import (
	"strconv"
	"strings"
)

// shingleFilter is Lucene's ShingleFilter as OpenSearch's shingle token filter
// configures it. Each input token starts a window of up to max tokens, gaps left by
// removed tokens filled (up to max-1 per gap) with filler tokens; from each window come
// the unigram (with outputUnigrams), then the shingles of min to max tokens, skipping
// those made only of fillers. Every window that emits takes the next position.
type shingleFilter struct {
	min, max                    int
	unigrams, unigramsIfNoneYet bool
	separator, filler           string
}

// shingleSlot is one entry of the window: an input token or a filler before one.
type shingleSlot struct {
	tok    Token
	filler bool
}

func (f shingleFilter) filter(toks []Token, _ *arena, _ int) []Token {
	slots := make([]shingleSlot, 0, len(toks))
	prev := -1
	for _, t := range toks {
		if gap := t.Position - prev - 1; gap > 0 {
			// A filler takes the next token's attributes and an empty span at its start.
			fill := t
			fill.Term, fill.EndOffset = f.filler, t.StartOffset
			for i := 0; i < gap && i < f.max-1; i++ {
				slots = append(slots, shingleSlot{tok: fill, filler: true})
			}
		}
		if t.Position > prev {
			prev = t.Position
		}
		slots = append(slots, shingleSlot{tok: t})
	}
	out := make([]Token, 0, 2*len(slots)) // grown as needed: max_shingle_size may be large
	position := -1
	minSize := f.min
	unigrams := f.unigrams
	noShingleYet := true
	var b strings.Builder
	for w := range slots {
		window := slots[w:min(w+f.max, len(slots))]
		if f.unigramsIfNoneYet && !unigrams && noShingleYet && len(window) < minSize {
			unigrams = true
		}
		sizes := make([]int, 0, f.max-minSize+2)
		if unigrams {
			sizes = append(sizes, 1)
		}
		for g := minSize; g <= f.max; g++ {
			sizes = append(sizes, g)
		}
		emitted := false
		for _, size := range sizes {
			if size > len(window) {
				break
			}
			allFiller := true
			b.Reset()
			for i, s := range window[:size] {
				if i > 0 {
					b.WriteString(f.separator)
				}
				b.WriteString(s.tok.Term)
				allFiller = allFiller && s.filler
			}
			if allFiller {
				continue
			}
			t := window[0].tok
			if !emitted {
				position++
				emitted = true
			}
			t.Term, t.Position, t.EndOffset = b.String(), position, window[size-1].tok.EndOffset
			if size > 1 {
				t.Type = "shingle"
				noShingleYet = false
			}
			posLen := size
			if !f.unigrams {
				posLen = max(1, size-f.min+1)
			}
			t.PositionLength = 0
			if posLen > 1 {
				t.PositionLength = int32(posLen)
			}
			out = append(out, t)
		}
		if !emitted {
			break // Lucene's stream ends at the first window that yields nothing
		}
	}
	return out
}

func newShingleFilterFactory(p settingParams, maxShingleDiff int, prebuilt bool) (filterFactory, error) {
	f := shingleFilter{min: 2, max: 2, unigrams: true, separator: " ", filler: "_"}
	if prebuilt {
		return f, nil
	}
	if n, err := p.intp("max_shingle_size"); err != nil {
		return nil, err
	} else if n != nil {
		f.max = *n
	}
	if n, err := p.intp("min_shingle_size"); err != nil {
		return nil, err
	} else if n != nil {
		f.min = *n
	}
	var err error
	if f.unigrams, err = p.boolean("output_unigrams", true); err != nil {
		return nil, err
	}
	diff := f.max - f.min
	if f.unigrams {
		diff++
	}
	if diff > maxShingleDiff {
		return nil, illegalArgument("In Shingle TokenFilter the difference between max_shingle_size and min_shingle_size (and +1 if outputting unigrams) must be less than or equal to: [" +
			strconv.Itoa(maxShingleDiff) + "] but was [" + strconv.Itoa(diff) + "]. This limit can be set by changing the [index.max_shingle_diff] index level setting.")
	}
	if f.unigramsIfNoneYet, err = p.boolean("output_unigrams_if_no_shingles", false); err != nil {
		return nil, err
	}
	if v, ok := p.str("token_separator"); ok {
		f.separator = v
	}
	if v, ok := p.str("filler_token"); ok {
		f.filler = v
	}
	return f, nil
}

// create is the ShingleFilter constructor's checks.
func (f shingleFilter) create() (tokenFilter, error) {
	switch {
	case f.max < 2:
		return nil, illegalArgument("Max shingle size must be >= 2")
	case f.min < 2:
		return nil, illegalArgument("Min shingle size must be >= 2")
	case f.min > f.max:
		return nil, illegalArgument("Min shingle size must be <= max shingle size")
	}
	return f, nil
}
