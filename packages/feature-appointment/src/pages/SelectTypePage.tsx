import { Link } from 'react-router-dom';
import '../schedule/schedule.css';

/**
 * 预约挂号 (/selectType): scheduled booking (from tomorrow) or same-day booking (today). Links only: a hospital
 * that takes booking offline sends those routes to /404 by its route table.
 */
export default function SelectTypePage() {
  return (
    <div className="ap-page">
      <Link className="ap-type" to="/depts">
        <span className="ap-type__icon" aria-hidden="true">
          约
        </span>
        <span className="ap-type__text">
          <span className="ap-type__title">预约挂号</span>
          <span className="ap-type__desc">预约明天及以后的号源</span>
        </span>
      </Link>
      <Link className="ap-type" to="/today/depts">
        <span className="ap-type__icon" aria-hidden="true">
          今
        </span>
        <span className="ap-type__text">
          <span className="ap-type__title">当日挂号</span>
          <span className="ap-type__desc">挂今天的号，当天就诊</span>
        </span>
      </Link>
      <h2 className="ap-section-title">排班查询</h2>
      <nav className="ap-links" aria-label="排班查询">
        <Link className="ap-link-row" to="/outpatientSchedule">
          <span>门诊排班</span>
        </Link>
        <Link className="ap-link-row" to="/multiple/dept/schedule">
          <span>多科室排班</span>
        </Link>
        <Link className="ap-link-row" to="/appointmentList">
          <span>我的预约记录</span>
        </Link>
      </nav>
    </div>
  );
}
