<?php
// Run with: php -S 127.0.0.1:$PORT bot.php (one run of this script per event)
$event = json_decode(file_get_contents('php://input'), true);
echo 'OK';
if (!is_array($event) || $event['tipo'] !== 'Chat') return; // own sends come back as "Me", schedules as "Sistema"

function send(array $body): void {
    $body += ['authkey' => getenv('CHATBOT_AUTHKEY'), 'appkey' => getenv('CHATBOT_APPKEY')];
    $url = rtrim(getenv('CHATBOT_BASE_URL'), '/') . '/api/create-message';
    file_get_contents($url, false, stream_context_create(['http' => [
        'method' => 'POST', 'header' => "Content-Type: application/json\r\n",
        'content' => json_encode($body), 'ignore_errors' => true, 'timeout' => 10,
    ]]));
}

if ($event['evento'] === 'text') {
    send(['to' => $event['chat'], 'message' => "Olá, {$event['nome']}! Confirma o pedido?", 'buttons' => [
        ['type' => 'replyButton', 'displaytext' => 'Sim'], ['type' => 'replyButton', 'displaytext' => 'Não'],
    ]]);
} elseif ($event['evento'] === 'button') {
    send(['to' => $event['chat'], 'message' => "Você escolheu: {$event['opcao']['texto']}"]);
}
