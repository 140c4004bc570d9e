package query

import (
	"encoding/json"
	"testing"
)

func TestTermsBitmapMarshal(t *testing.T) {
	t.Parallel()
	// A Roaring bitmap of {111, 222} in the portable format.
	bm := []byte{0x3a, 0x30, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0x10, 0, 0, 0, 0x6f, 0, 0xde, 0}
	for q, want := range map[Query]string{
		TermsBitmap("student_id", bm).WithName("b"):                        `{"terms":{"student_id":["OjAAAAEAAAAAAAEAEAAAAG8A3gA="],"_name":"b","value_type":"bitmap"}}`,
		TermsFrom("student_id", "classes", "101", "enrolled").WithBitmap(): `{"terms":{"student_id":{"index":"classes","id":"101","path":"enrolled","store":true},"value_type":"bitmap"}}`,
	} {
		b, err := json.Marshal(q)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != want {
			t.Errorf("got  %s\nwant %s", b, want)
		}
	}
}
