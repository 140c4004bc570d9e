package notify

// Config types, in the order of the plugin's features list (2.11 and later).
const (
	TypeSlack          = "slack"
	TypeChime          = "chime"
	TypeMicrosoftTeams = "microsoft_teams"
	TypeWebhook        = "webhook"
	TypeEmail          = "email"
	TypeSNS            = "sns"
	TypeSESAccount     = "ses_account"
	TypeSMTPAccount    = "smtp_account"
	TypeEmailGroup     = "email_group"
	// TypeNone is what an unrecognised config_type parses to.
	TypeNone = "none"
)

// allowedConfigTypes is the features list, in the plugin's order.
var allowedConfigTypes = [...]string{
	TypeSlack, TypeChime, TypeMicrosoftTeams, TypeWebhook, TypeEmail,
	TypeSNS, TypeSESAccount, TypeSMTPAccount, TypeEmailGroup,
}

// channelTypes are the types the channels list returns.
var channelTypes = [...]string{TypeSlack, TypeChime, TypeMicrosoftTeams, TypeWebhook, TypeEmail, TypeSNS}

func knownType(tag string) bool {
	for _, t := range allowedConfigTypes {
		if t == tag {
			return true
		}
	}
	return false
}

// configDoc is one notification configuration as the plugin models it.
type configDoc struct {
	Name        string
	Description string
	// Type is the config_type tag, TypeNone when unrecognised.
	Type      string
	IsEnabled bool
	// Exactly one of the blocks below is set, matching Type (none for TypeNone).
	URL        *urlBlock // slack, chime, microsoft_teams
	Webhook    *webhookBlock
	Email      *emailBlock
	EmailGroup *emailGroupBlock
	SMTP       *smtpBlock
	SES        *sesBlock
	SNS        *snsBlock
	// dataType is the tag of the block that was parsed (may differ from Type
	// until the match check runs).
	dataType string
}

// urlBlock is the data of slack, chime and microsoft_teams.
type urlBlock struct{ URL string }

// header is one webhook header, kept in the order the plugin prints them.
type header struct{ Name, Value string }

// webhookBlock is a custom webhook.
type webhookBlock struct {
	URL     string
	Headers []header
	// Method is POST, PUT or PATCH.
	Method string
}

// emailBlock is an email channel.
type emailBlock struct {
	AccountID  string
	Recipients []string
	GroupIDs   []string
}

// emailGroupBlock is a list of recipients.
type emailGroupBlock struct{ Recipients []string }

// smtpBlock is an SMTP sender account.
type smtpBlock struct {
	Host string
	Port int
	// Method is none, ssl or start_tls.
	Method      string
	FromAddress string
}

// sesBlock is an Amazon SES sender account.
type sesBlock struct {
	Region      string
	RoleARN     *string
	FromAddress string
}

// snsBlock is an Amazon SNS topic.
type snsBlock struct {
	TopicARN string
	RoleARN  *string
}

// writeJSON prints the config object as NotificationConfig.toXContent does.
func (c *configDoc) writeJSON(w *jsonWriter) {
	w.obj()
	w.strField("name", c.Name)
	w.strField("description", c.Description)
	w.strField("config_type", c.Type)
	w.boolField("is_enabled", c.IsEnabled)
	switch {
	case c.URL != nil:
		w.key(c.dataType)
		w.obj()
		w.strField("url", c.URL.URL)
		w.end()
	case c.Webhook != nil:
		w.key(TypeWebhook)
		w.obj()
		w.strField("url", c.Webhook.URL)
		w.key("header_params")
		w.obj()
		for _, h := range c.Webhook.Headers {
			w.strField(h.Name, h.Value)
		}
		w.end()
		w.strField("method", c.Webhook.Method)
		w.end()
	case c.Email != nil:
		w.key(TypeEmail)
		w.obj()
		w.strField("email_account_id", c.Email.AccountID)
		w.key("recipient_list")
		writeRecipients(w, c.Email.Recipients)
		w.key("email_group_id_list")
		w.strList(c.Email.GroupIDs)
		w.end()
	case c.EmailGroup != nil:
		w.key(TypeEmailGroup)
		w.obj()
		w.key("recipient_list")
		writeRecipients(w, c.EmailGroup.Recipients)
		w.end()
	case c.SMTP != nil:
		w.key(TypeSMTPAccount)
		w.obj()
		w.strField("host", c.SMTP.Host)
		w.intField("port", int64(c.SMTP.Port))
		w.strField("method", c.SMTP.Method)
		w.strField("from_address", c.SMTP.FromAddress)
		w.end()
	case c.SES != nil:
		w.key(TypeSESAccount)
		w.obj()
		w.strField("region", c.SES.Region)
		if c.SES.RoleARN != nil {
			w.strField("role_arn", *c.SES.RoleARN)
		}
		w.strField("from_address", c.SES.FromAddress)
		w.end()
	case c.SNS != nil:
		w.key(TypeSNS)
		w.obj()
		w.strField("topic_arn", c.SNS.TopicARN)
		if c.SNS.RoleARN != nil {
			w.strField("role_arn", *c.SNS.RoleARN)
		}
		w.end()
	}
	w.end()
}

func writeRecipients(w *jsonWriter, list []string) {
	w.arr()
	for _, r := range list {
		w.obj()
		w.strField("recipient", r)
		w.end()
	}
	w.endArr()
}
