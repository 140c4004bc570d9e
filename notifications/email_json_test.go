package notifications_test

import (
	"testing"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
	"github.com/clustersearch/clustersearch-go/notifications"
)

// The plugin rejects null lists in email and email_group blocks.
func TestEmailListsNeverNull(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		v    any
		want string
	}{
		{notifications.Email{EmailAccountID: "acc"}, `{"email_account_id":"acc","recipient_list":[],"email_group_id_list":[]}`},
		{&notifications.Email{EmailAccountID: "acc", EmailGroupIDList: []string{"g"}}, `{"email_account_id":"acc","recipient_list":[],"email_group_id_list":["g"]}`},
		{notifications.EmailGroup{}, `{"recipient_list":[]}`},
	} {
		got, err := jsonx.Marshal(tc.v)
		if err != nil || string(got) != tc.want {
			t.Errorf("%T: %s (%v), want %s", tc.v, got, err, tc.want)
		}
	}
}
