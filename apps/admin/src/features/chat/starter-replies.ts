import type { Language } from '@dramastar/contract';

/**
 * Replies every tenant starts with, in the app's three languages, beside the tenant's own canned
 * replies (Support → Canned replies). Picking one fills the reply box, where it can be edited
 * before sending.
 */
export interface StarterReply {
  id: string;
  title: Record<Language, string>;
  body: Record<Language, string>;
}

export const STARTER_REPLIES: StarterReply[] = [
  {
    id: 'greeting',
    title: { en: 'Greeting', vn: 'Chào hỏi', id: 'Salam' },
    body: {
      en: 'Hello! Thank you for contacting DramaStar support. How can I help you today?',
      vn: 'Xin chào! Cảm ơn bạn đã liên hệ bộ phận hỗ trợ DramaStar. Tôi có thể giúp gì cho bạn hôm nay?',
      id: 'Halo! Terima kasih telah menghubungi dukungan DramaStar. Ada yang bisa saya bantu hari ini?',
    },
  },
  {
    id: 'order-number',
    title: { en: 'Ask for the order number', vn: 'Hỏi mã đơn', id: 'Minta nomor pesanan' },
    body: {
      en: 'Could you send me the order number? You find it under Profile → Wallet → Records (it starts with R for a recharge or W for a withdrawal).',
      vn: 'Bạn vui lòng gửi cho tôi mã đơn được không? Bạn có thể xem trong Cá nhân → Ví → Lịch sử (bắt đầu bằng R nếu là nạp tiền, W nếu là rút tiền).',
      id: 'Bisakah Anda mengirimkan nomor pesanannya? Anda dapat menemukannya di Profil → Dompet → Riwayat (diawali R untuk isi saldo atau W untuk penarikan).',
    },
  },
  {
    id: 'recharge-checking',
    title: { en: 'Recharge being checked', vn: 'Đang kiểm tra nạp tiền', id: 'Isi saldo sedang dicek' },
    body: {
      en: 'Thank you. We are checking your transfer with the bank now; your balance is credited as soon as it is confirmed, usually within 30 minutes.',
      vn: 'Cảm ơn bạn. Chúng tôi đang đối chiếu giao dịch chuyển khoản với ngân hàng; số dư sẽ được cộng ngay khi xác nhận, thường trong vòng 30 phút.',
      id: 'Terima kasih. Kami sedang memeriksa transfer Anda dengan bank; saldo Anda akan ditambahkan segera setelah dikonfirmasi, biasanya dalam 30 menit.',
    },
  },
  {
    id: 'withdrawal-time',
    title: { en: 'Withdrawal timing', vn: 'Thời gian rút tiền', id: 'Waktu penarikan' },
    body: {
      en: 'Withdrawals are reviewed and paid on working days, usually within 24 hours. You can follow each step under Profile → Wallet → Withdrawal records.',
      vn: 'Yêu cầu rút tiền được duyệt và chi trả vào ngày làm việc, thường trong vòng 24 giờ. Bạn có thể theo dõi từng bước trong Cá nhân → Ví → Lịch sử rút tiền.',
      id: 'Penarikan ditinjau dan dibayarkan pada hari kerja, biasanya dalam 24 jam. Anda dapat mengikuti setiap langkah di Profil → Dompet → Riwayat penarikan.',
    },
  },
  {
    id: 'credited',
    title: { en: 'Money credited', vn: 'Đã cộng tiền', id: 'Dana sudah masuk' },
    body: {
      en: 'Done: the amount is now in your wallet. Please pull down on the Wallet page to refresh it.',
      vn: 'Đã xong: số tiền đã vào ví của bạn. Vui lòng kéo xuống trên trang Ví để làm mới.',
      id: 'Selesai: dana sudah masuk ke dompet Anda. Silakan tarik ke bawah di halaman Dompet untuk memperbaruinya.',
    },
  },
  {
    id: 'closing',
    title: { en: 'Anything else?', vn: 'Còn gì khác không?', id: 'Ada lagi?' },
    body: {
      en: 'Is there anything else I can help you with? Have a nice day!',
      vn: 'Bạn còn cần tôi hỗ trợ gì nữa không? Chúc bạn một ngày tốt lành!',
      id: 'Apakah ada hal lain yang bisa saya bantu? Semoga hari Anda menyenangkan!',
    },
  },
];
