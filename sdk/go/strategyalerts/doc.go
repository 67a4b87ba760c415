// Token-alerting strategy portfolios as code: strategies, their activation, the webhook and followed developers.
package strategyalerts
