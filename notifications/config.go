package notifications

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/clustersearch/clustersearch-go/internal/jsonx"
)

// ConfigType names a kind of notification channel (config_type).
type ConfigType string

// The channel types of OpenSearch 2.x, in the order the features API lists them.
const (
	TypeSlack          ConfigType = "slack"
	TypeChime          ConfigType = "chime"
	TypeMicrosoftTeams ConfigType = "microsoft_teams" // 2.10 and later
	TypeWebhook        ConfigType = "webhook"
	TypeEmail          ConfigType = "email"
	TypeSNS            ConfigType = "sns"
	TypeSESAccount     ConfigType = "ses_account"
	TypeSMTPAccount    ConfigType = "smtp_account"
	TypeEmailGroup     ConfigType = "email_group"
)

// Channel is the type-specific block of a configuration. Only the types of this
// package implement it, so a Config always pairs config_type with the matching block.
type Channel interface {
	// ConfigType is the config_type this block goes with.
	ConfigType() ConfigType
	isChannel()
}

// Slack posts to a Slack incoming webhook.
type Slack struct {
	URL string `json:"url"`
}

// Chime posts to an Amazon Chime webhook.
type Chime struct {
	URL string `json:"url"`
}

// MicrosoftTeams posts to a Teams incoming webhook; the server requires a
// https://…webhook.office.com URL.
type MicrosoftTeams struct {
	URL string `json:"url"`
}

// Webhook sends to any HTTP endpoint.
type Webhook struct {
	URL          string            `json:"url"`
	HeaderParams map[string]string `json:"header_params,omitzero"`
	// Method is POST (the default), PUT or PATCH.
	Method string `json:"method,omitempty"`
}

// SNS publishes to an Amazon SNS topic.
type SNS struct {
	TopicARN string `json:"topic_arn"`
	RoleARN  string `json:"role_arn,omitempty"`
}

// SESAccount is an Amazon SES sender that Email configurations refer to.
type SESAccount struct {
	Region      string `json:"region"`
	RoleARN     string `json:"role_arn,omitempty"`
	FromAddress string `json:"from_address"`
}

// The values of SMTPAccount.Method.
const (
	SMTPMethodNone     = "none"
	SMTPMethodSSL      = "ssl"
	SMTPMethodStartTLS = "start_tls"
)

// SMTPAccount is an SMTP sender that Email configurations refer to.
type SMTPAccount struct {
	Host        string `json:"host"`
	Port        int    `json:"port"`
	Method      string `json:"method"` // SMTPMethodNone, SMTPMethodSSL or SMTPMethodStartTLS
	FromAddress string `json:"from_address"`
}

// EmailGroup is a named list of recipients that Email configurations refer to.
type EmailGroup struct {
	RecipientList []Recipient `json:"recipient_list"`
}

// Email sends mail through an SMTPAccount or SESAccount configuration to
// recipients and to the members of EmailGroup configurations.
type Email struct {
	EmailAccountID   string      `json:"email_account_id"`
	RecipientList    []Recipient `json:"recipient_list"`
	EmailGroupIDList []string    `json:"email_group_id_list"`
}

// UnknownChannel keeps the block of a config_type this package does not know
// (from a newer server), so reading and writing it back loses nothing.
type UnknownChannel struct {
	Type  ConfigType
	Block json.RawMessage
}

// ConfigType returns the block's config_type.
func (c *Slack) ConfigType() ConfigType { return TypeSlack }

// ConfigType returns the block's config_type.
func (c *Chime) ConfigType() ConfigType { return TypeChime }

// ConfigType returns the block's config_type.
func (c *MicrosoftTeams) ConfigType() ConfigType { return TypeMicrosoftTeams }

// ConfigType returns the block's config_type.
func (c *Webhook) ConfigType() ConfigType { return TypeWebhook }

// ConfigType returns the block's config_type.
func (c *SNS) ConfigType() ConfigType { return TypeSNS }

// ConfigType returns the block's config_type.
func (c *SESAccount) ConfigType() ConfigType { return TypeSESAccount }

// ConfigType returns the block's config_type.
func (c *SMTPAccount) ConfigType() ConfigType { return TypeSMTPAccount }

// ConfigType returns the block's config_type.
func (c *EmailGroup) ConfigType() ConfigType { return TypeEmailGroup }

// ConfigType returns the block's config_type.
func (c *Email) ConfigType() ConfigType { return TypeEmail }

// ConfigType returns the block's config_type.
func (c *UnknownChannel) ConfigType() ConfigType { return c.Type }

func (*Slack) isChannel()          {}
func (*Chime) isChannel()          {}
func (*MicrosoftTeams) isChannel() {}
func (*Webhook) isChannel()        {}
func (*SNS) isChannel()            {}
func (*SESAccount) isChannel()     {}
func (*SMTPAccount) isChannel()    {}
func (*EmailGroup) isChannel()     {}
func (*Email) isChannel()          {}
func (*UnknownChannel) isChannel() {}

// newChannel returns an empty block for a known type, or nil.
func newChannel(t ConfigType) Channel {
	switch t {
	case TypeSlack:
		return &Slack{}
	case TypeChime:
		return &Chime{}
	case TypeMicrosoftTeams:
		return &MicrosoftTeams{}
	case TypeWebhook:
		return &Webhook{}
	case TypeSNS:
		return &SNS{}
	case TypeSESAccount:
		return &SESAccount{}
	case TypeSMTPAccount:
		return &SMTPAccount{}
	case TypeEmailGroup:
		return &EmailGroup{}
	case TypeEmail:
		return &Email{}
	}
	return nil
}

// Config is a channel configuration: its common fields and one typed block.
// Build one with NewConfig; the config_type is taken from the block.
type Config struct {
	Name        string
	Description string
	// IsEnabled defaults to true on create when nil.
	IsEnabled *bool
	// Channel is the type-specific block (*Slack, *Email, ...).
	Channel Channel
}

// NewConfig returns an enabled configuration named name with the given block.
func NewConfig(name string, ch Channel) Config {
	enabled := true
	return Config{Name: name, IsEnabled: &enabled, Channel: ch}
}

// Type returns the config_type of the block ("" without one).
func (c *Config) Type() ConfigType {
	if c.Channel == nil {
		return ""
	}
	return c.Channel.ConfigType()
}

// configWire is the JSON form of Config without the block.
type configWire struct {
	Name        string     `json:"name"`
	Description string     `json:"description"`
	ConfigType  ConfigType `json:"config_type"`
	IsEnabled   *bool      `json:"is_enabled,omitempty"`
}

// MarshalJSON writes name, description, config_type, is_enabled and the block
// under the config_type's key, the order the server prints.
func (c Config) MarshalJSON() ([]byte, error) {
	if c.Channel == nil {
		return nil, errors.New("notifications: config has no channel block")
	}
	head, err := jsonx.Marshal(configWire{c.Name, c.Description, c.Channel.ConfigType(), c.IsEnabled})
	if err != nil {
		return nil, err
	}
	var block []byte
	if u, ok := c.Channel.(*UnknownChannel); ok {
		block = u.Block
	} else if block, err = jsonx.Marshal(c.Channel); err != nil {
		return nil, err
	}
	key, _ := jsonx.Marshal(string(c.Channel.ConfigType()))
	out := append(head[:len(head)-1:len(head)-1], ',')
	out = append(out, key...)
	out = append(out, ':')
	out = append(out, block...)
	return append(out, '}'), nil
}

// UnmarshalJSON reads the common fields and the block named by config_type.
func (c *Config) UnmarshalJSON(b []byte) error {
	var w configWire
	if err := jsonx.Unmarshal(b, &w); err != nil {
		return err
	}
	var all map[string]json.RawMessage
	if err := jsonx.Unmarshal(b, &all); err != nil {
		return err
	}
	*c = Config{Name: w.Name, Description: w.Description, IsEnabled: w.IsEnabled}
	raw, ok := all[string(w.ConfigType)]
	if !ok || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return fmt.Errorf("notifications: config of type %q has no %q block", w.ConfigType, w.ConfigType)
	}
	ch := newChannel(w.ConfigType)
	if ch == nil {
		c.Channel = &UnknownChannel{Type: w.ConfigType, Block: append(json.RawMessage(nil), raw...)}
		return nil
	}
	if err := jsonx.Unmarshal(raw, ch); err != nil {
		return fmt.Errorf("notifications: %s block: %w", w.ConfigType, err)
	}
	c.Channel = ch
	return nil
}

// MarshalJSON writes absent lists as [] rather than null: the plugin rejects a
// null recipient_list or email_group_id_list, and always writes both lists itself.
func (e Email) MarshalJSON() ([]byte, error) {
	type plain Email // without this method
	if e.RecipientList == nil {
		e.RecipientList = []Recipient{}
	}
	if e.EmailGroupIDList == nil {
		e.EmailGroupIDList = []string{}
	}
	return jsonx.Marshal(plain(e))
}

// MarshalJSON writes an absent recipient list as [], which the plugin requires.
func (g EmailGroup) MarshalJSON() ([]byte, error) {
	type plain EmailGroup // without this method
	if g.RecipientList == nil {
		g.RecipientList = []Recipient{}
	}
	return jsonx.Marshal(plain(g))
}
