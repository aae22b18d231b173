<?php
// Sends the customer a text when their order ships. The base URL and keys come from the app's configuration.
final class OrderNotifier
{
    public function __construct(private string $baseUrl, private string $authkey, private string $appkey)
    {
    }

    public function orderShipped(string $phone, string $order): string
    {
        $body = ['authkey' => $this->authkey, 'appkey' => $this->appkey, 'to' => $phone,
            'message' => "Seu pedido $order saiu para entrega."];
        $answer = json_decode(file_get_contents(rtrim($this->baseUrl, '/') . '/api/create-message', false,
            stream_context_create(['http' => ['method' => 'POST', 'header' => "Content-Type: application/json\r\n",
                'content' => json_encode($body), 'ignore_errors' => true, 'timeout' => 10]])), true);
        if (($answer['status'] ?? null) !== 200) {
            throw new RuntimeException('The message was not sent: ' . ($answer['message'] ?? 'no answer'));
        }
        return $answer['data']['idMensagem'];
    }
}
