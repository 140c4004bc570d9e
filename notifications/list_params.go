package notifications

import (
	"strconv"

	"github.com/clustersearch/clustersearch-go/types"
)

// The values of ListConfigsParams.SortOrder.
const (
	SortAsc  = types.SortAsc
	SortDesc = types.SortDesc
)

// TimeFilter matches a timestamp (ms since the epoch) exactly or within a range.
type TimeFilter string

// TimeAt matches exactly ms.
func TimeAt(ms int64) TimeFilter { return TimeFilter(strconv.FormatInt(ms, 10)) }

// TimeBetween matches from..to, bounds included.
func TimeBetween(from, to int64) TimeFilter {
	return TimeFilter(strconv.FormatInt(from, 10) + ".." + strconv.FormatInt(to, 10))
}

// ListConfigsParams filter, page and sort GET /_plugins/_notifications/configs.
// Filters combine with AND. List-valued filters match any of their values;
// text filters (name, description, URLs, hosts, addresses, ARNs) are full-text matches.
type ListConfigsParams struct {
	ConfigID     string   `url:"config_id,omitempty"`
	ConfigIDList []string `url:"config_id_list,comma,omitempty"`

	// FromIndex is the offset of the first item (default 0); MaxItems the page size (default 1000).
	FromIndex *int `url:"from_index,omitempty"`
	MaxItems  *int `url:"max_items,omitempty"`
	// SortOrder is SortAsc (the default) or SortDesc; SortField defaults to last_updated_time_ms.
	SortOrder types.SortOrder `url:"sort_order,omitempty"`
	SortField string          `url:"sort_field,omitempty"`

	LastUpdatedTimeMs TimeFilter   `url:"last_updated_time_ms,omitempty"`
	CreatedTimeMs     TimeFilter   `url:"created_time_ms,omitempty"`
	IsEnabled         *bool        `url:"is_enabled,omitempty"`
	ConfigType        []ConfigType `url:"config_type,comma,omitempty"`
	Name              string       `url:"name,omitempty"`
	Description       string       `url:"description,omitempty"`

	EmailAccountID        []string `url:"email.email_account_id,comma,omitempty"`
	EmailGroupIDList      []string `url:"email.email_group_id_list,comma,omitempty"`
	EmailRecipient        string   `url:"email.recipient_list.recipient,omitempty"`
	EmailGroupRecipient   string   `url:"email_group.recipient_list.recipient,omitempty"`
	SMTPAccountMethod     []string `url:"smtp_account.method,comma,omitempty"`
	SMTPAccountHost       string   `url:"smtp_account.host,omitempty"`
	SMTPAccountFrom       string   `url:"smtp_account.from_address,omitempty"`
	SlackURL              string   `url:"slack.url,omitempty"`
	ChimeURL              string   `url:"chime.url,omitempty"`
	MicrosoftTeamsURL     string   `url:"microsoft_teams.url,omitempty"`
	WebhookURL            string   `url:"webhook.url,omitempty"`
	SNSTopicARN           string   `url:"sns.topic_arn,omitempty"`
	SNSRoleARN            string   `url:"sns.role_arn,omitempty"`
	SESAccountRegion      []string `url:"ses_account.region,comma,omitempty"`
	SESAccountRoleARN     string   `url:"ses_account.role_arn,omitempty"`
	SESAccountFromAddress string   `url:"ses_account.from_address,omitempty"`

	// The *Keyword filters are exact matches on the keyword twins of the text
	// fields above ("<field>.keyword"), any of the listed values. (The server also
	// names email.recipient_list.recipient.keyword and its email_group twin as
	// filters but answers them 406 "Query on ... not acceptable".)
	NameKeyword                  []string `url:"name.keyword,comma,omitempty"`
	DescriptionKeyword           []string `url:"description.keyword,comma,omitempty"`
	SlackURLKeyword              []string `url:"slack.url.keyword,comma,omitempty"`
	ChimeURLKeyword              []string `url:"chime.url.keyword,comma,omitempty"`
	MicrosoftTeamsURLKeyword     []string `url:"microsoft_teams.url.keyword,comma,omitempty"`
	WebhookURLKeyword            []string `url:"webhook.url.keyword,comma,omitempty"`
	SMTPAccountHostKeyword       []string `url:"smtp_account.host.keyword,comma,omitempty"`
	SMTPAccountFromKeyword       []string `url:"smtp_account.from_address.keyword,comma,omitempty"`
	SNSTopicARNKeyword           []string `url:"sns.topic_arn.keyword,comma,omitempty"`
	SNSRoleARNKeyword            []string `url:"sns.role_arn.keyword,comma,omitempty"`
	SESAccountRoleARNKeyword     []string `url:"ses_account.role_arn.keyword,comma,omitempty"`
	SESAccountFromAddressKeyword []string `url:"ses_account.from_address.keyword,comma,omitempty"`

	// Query is a query_string over every keyword and text field; TextQuery over text fields only.
	Query     string `url:"query,omitempty"`
	TextQuery string `url:"text_query,omitempty"`
}
