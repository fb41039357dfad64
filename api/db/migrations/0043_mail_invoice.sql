-- An order's email carries its invoice, drawn as the message is sent: the row names the order.
ALTER TABLE `mail_outbox` ADD `invoice_order_id` text;
