package notify

import (
	"strings"

	"github.com/clustersearch/clustersearch-go/internal/engine/analysis"
)

// Searchable fields of the config index, as ConfigQueryHelper groups them.
var (
	rangeFields   = []string{"last_updated_time_ms", "created_time_ms"}
	booleanFields = []string{"is_enabled"}
	keywordFields = []string{
		"config_type", "email.email_account_id", "email.email_group_id_list",
		"smtp_account.method", "ses_account.region",
		"name.keyword", "description.keyword", "slack.url.keyword", "chime.url.keyword",
		"microsoft_teams.url.keyword", "webhook.url.keyword", "smtp_account.host.keyword",
		"smtp_account.from_address.keyword", "sns.topic_arn.keyword", "sns.role_arn.keyword",
		"ses_account.role_arn.keyword", "ses_account.from_address.keyword",
	}
	textFields = []string{
		"name", "description", "slack.url", "chime.url", "microsoft_teams.url", "webhook.url",
		"smtp_account.host", "smtp_account.from_address", "sns.topic_arn", "sns.role_arn",
		"ses_account.role_arn", "ses_account.from_address",
	}
	nestedKeywordFields = []string{
		"email.recipient_list.recipient.keyword", "email_group.recipient_list.recipient.keyword",
	}
	nestedTextFields = []string{
		"email.recipient_list.recipient", "email_group.recipient_list.recipient",
	}
)

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// isFilterParam reports whether a URL parameter is one of the plugin's
// filter parameters (every field above plus query and text_query).
func isFilterParam(p string) bool {
	return p == "query" || p == "text_query" || contains(rangeFields, p) || contains(booleanFields, p) ||
		contains(keywordFields, p) || contains(textFields, p) ||
		contains(nestedKeywordFields, p) || contains(nestedTextFields, p)
}

// fieldValues returns the source values of a config field (a text field's
// ".keyword" sub-field gives the same raw values).
func fieldValues(c *configDoc, field string) []string {
	field = strings.TrimSuffix(field, ".keyword")
	one := func(s string) []string { return []string{s} }
	switch field {
	case "name":
		return one(c.Name)
	case "description":
		return one(c.Description)
	case "config_type":
		return one(c.Type)
	case "slack.url", "chime.url", "microsoft_teams.url":
		if c.URL != nil && c.dataType+".url" == field {
			return one(c.URL.URL)
		}
	case "webhook.url":
		if c.Webhook != nil {
			return one(c.Webhook.URL)
		}
	case "email.email_account_id":
		if c.Email != nil {
			return one(c.Email.AccountID)
		}
	case "email.email_group_id_list":
		if c.Email != nil {
			return c.Email.GroupIDs
		}
	case "email.recipient_list.recipient":
		if c.Email != nil {
			return c.Email.Recipients
		}
	case "email_group.recipient_list.recipient":
		if c.EmailGroup != nil {
			return c.EmailGroup.Recipients
		}
	case "smtp_account.method", "smtp_account.host", "smtp_account.from_address":
		if c.SMTP != nil {
			switch field {
			case "smtp_account.method":
				return one(c.SMTP.Method)
			case "smtp_account.host":
				return one(c.SMTP.Host)
			}
			return one(c.SMTP.FromAddress)
		}
	case "ses_account.region", "ses_account.from_address":
		if c.SES != nil {
			if field == "ses_account.region" {
				return one(c.SES.Region)
			}
			return one(c.SES.FromAddress)
		}
	case "ses_account.role_arn":
		if c.SES != nil && c.SES.RoleARN != nil {
			return one(*c.SES.RoleARN)
		}
	case "sns.topic_arn":
		if c.SNS != nil {
			return one(c.SNS.TopicARN)
		}
	case "sns.role_arn":
		if c.SNS != nil && c.SNS.RoleARN != nil {
			return one(*c.SNS.RoleARN)
		}
	}
	return nil
}

// standardAnalyzer is the config index's analyzer for text fields; it holds
// no state, so sharing it is safe.
var standardAnalyzer = analysis.NewStandard(analysis.DefaultMaxTokenLength, nil)

// analyze returns the terms the standard analyzer makes of s.
func analyze(s string) []string {
	toks := standardAnalyzer.Analyze(nil, s)
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = t.Term
	}
	return out
}
