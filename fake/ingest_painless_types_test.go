package fake

import "testing"

// TestIngestScriptSmallIntegerTypes checks what an ingest script's byte,
// short and char values become: Byte and Short are written as numbers; a
// Character has no XContent writer, so indexing fails with 400.
func TestIngestScriptSmallIntegerTypes(t *testing.T) {
	s := newTestServer(t)
	expect(t, s, "PUT", "/_ingest/pipeline/types", `{"processors":[{"script":{"source":"ctx.byte = (byte)127; ctx.short = (short)-32768; ctx.wrapped = (byte)255; short s = (byte)3; s *= 2; ctx.s = s"}}]}`, 200,
		`{"acknowledged":true}`)
	expect(t, s, "PUT", "/t/_doc/1?pipeline=types&refresh=true", `{"a":1}`, 201, `{<**>"result":"created"<**>}`)
	expect(t, s, "GET", "/t/_source/1", "", 200, `{"a":1,"s":6,"byte":127,"short":-32768,"wrapped":-1}` /* HashMap order */)

	expect(t, s, "PUT", "/_ingest/pipeline/char", `{"processors":[{"script":{"source":"ctx.char = (char)'a'"}}]}`, 200, `{"acknowledged":true}`)
	expect(t, s, "PUT", "/t/_doc/2?pipeline=char", `{"a":1}`, 400,
		`{"error":{"root_cause":[{"type":"illegal_argument_exception","reason":"cannot write xcontent for unknown value of type class java.lang.Character"}],`+
			`"type":"illegal_argument_exception","reason":"cannot write xcontent for unknown value of type class java.lang.Character"},"status":400}`)
	// A char stored as its code (or its String) is fine.
	expect(t, s, "PUT", "/_ingest/pipeline/char2", `{"processors":[{"script":{"source":"char c = (char)'a'; ctx.code = (int)c; ctx.str = (String)c"}}]}`, 200, `{"acknowledged":true}`)
	expect(t, s, "PUT", "/t/_doc/3?pipeline=char2", `{}`, 201, `{<**>}`)
	expect(t, s, "GET", "/t/_source/3", "", 200, `{"str":"a","code":97}`) // HashMap order

	// Illegal casts are compile errors when the pipeline is stored.
	expect(t, s, "PUT", "/_ingest/pipeline/bad", `{"processors":[{"script":{"source":"byte b = 1"}}]}`, 400,
		`{"error":{"root_cause":[{"type":"script_exception","reason":"compile error","script_stack":["byte b = 1","     ^---- HERE"],"script":"byte b = 1","lang":"painless","position":{"offset":5,"start":0,"end":10}}],`+
			`"type":"script_exception","reason":"compile error","script_stack":["byte b = 1","     ^---- HERE"],"script":"byte b = 1","lang":"painless","position":{"offset":5,"start":0,"end":10},`+
			`"caused_by":{"type":"class_cast_exception","reason":"Cannot cast from [int] to [byte]."}},"status":400}`)
}
