<?php
use PHPUnit\Framework\TestCase;

require_once __DIR__ . '/../src/OrderNotifier.php';

final class OrderNotifierTest extends TestCase
{
    private static $emulator;
    private static string $url;

    public static function setUpBeforeClass(): void
    {
        $chatbot = getenv('CHATBOT_BIN') ?: 'chatbot';
        $start = [$chatbot, 'emulator', 'start', '--port', '0', '--db', ':memory:', '--quiet'];
        self::$emulator = proc_open($start, [2 => ['pipe', 'w']], $pipes);
        while (($line = fgets($pipes[2])) !== false && !preg_match('~listening on (http://\S+)~', $line, $found));
        self::$url = $found[1] ?? throw new RuntimeException('the emulator did not start');
    }

    public static function tearDownAfterClass(): void
    {
        proc_terminate(self::$emulator);
    }

    private static function control(string $path, array $body): array
    {
        return json_decode(file_get_contents(self::$url . $path, false, stream_context_create(['http' => [
            'method' => 'POST', 'header' => "Content-Type: application/json\r\n", 'content' => json_encode($body),
        ]])), true);
    }

    public function testAShippedOrderTextsTheCustomer(): void
    {
        $keys = self::control('/__emulator/setup', ['authkey' => 'chave-da-loja', 'appkey' => 'loja']);
        $notifier = new OrderNotifier(self::$url, $keys['authkey'], $keys['appkey']);

        $id = $notifier->orderShipped('+55 21 99876-5432', '1234');

        $sent = self::control('/__emulator/outbox', ['appkey' => 'loja'])['mensagens'];
        $this->assertCount(1, $sent);
        $this->assertSame($id, $sent[0]['id']);
        $this->assertSame('5521998765432', $sent[0]['to']);
        $this->assertSame('text', $sent[0]['kind']);
        $this->assertSame('Seu pedido 1234 saiu para entrega.', $sent[0]['content']['message']);
    }
}
